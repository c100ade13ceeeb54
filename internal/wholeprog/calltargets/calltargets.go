// Package calltargets resolves the dynamic calls of a whole program,
// interface method calls and calls through function values, to the
// functions they may run. The call graph is built from SSA for the
// program's own code: class hierarchy analysis gives each dynamic call the
// functions it could run, and variable type analysis (type flow through
// assignments, fields, maps, parameters and returns) keeps those whose
// types or values reach the call: the implementations the program builds
// and the functions it stores. The analysis is vta's (flow.go says how it
// differs: in cost, not in result).
package calltargets

import (
	"go/ast"
	"go/build"
	"go/token"
	"go/types"
	"iter"
	"maps"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"golang.org/x/sync/errgroup"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// Targets holds the callees of the program's dynamic call sites.
type Targets struct {
	calls map[token.Pos]*Callees
	lits  map[token.Pos]bool
}

// Callees is what one dynamic call may run.
type Callees struct {
	Funcs []*types.Func // declared functions and methods, generic origins
	Lits  []token.Pos   // function literals, by the position of their func keyword
}

// At returns the callees of the dynamic call whose left parenthesis is at
// lparen. ok is false when the call graph has no such call: the function
// around it is not reachable from the entry points, or the call is static.
func (t *Targets) At(lparen token.Pos) (c *Callees, ok bool) {
	if t == nil {
		return nil, false
	}
	c, ok = t.calls[lparen]
	return c, ok
}

// IsLitCallee reports whether a function literal (by the position of its
// func keyword) is run by some dynamic call.
func (t *Targets) IsLitCallee(pos token.Pos) bool { return t != nil && t.lits[pos] }

// Lits returns the function literals (by the position of their func
// keyword) that some dynamic call runs.
func (t *Targets) Lits() iter.Seq[token.Pos] {
	if t == nil {
		return func(func(token.Pos) bool) {}
	}
	return maps.Keys(t.lits)
}

// Calls returns the dynamic calls resolved (by the position of their left
// parenthesis) with their callees.
func (t *Targets) Calls() iter.Seq2[token.Pos, *Callees] {
	if t == nil {
		return func(func(token.Pos, *Callees) bool) {}
	}
	return maps.All(t.calls)
}

// Len is the number of dynamic call sites resolved.
func (t *Targets) Len() int { return len(t.calls) }

// Build makes the call graph of the program's own code: the packages of
// the main modules of initial (or, without module information, initial
// themselves and their non-standard dependencies). Bodies elsewhere are
// not built: the standard library's blocking calls are modelled, and
// inside a versioned dependency ctxprop follows a dynamic call only to its
// one target. (A large SDK's generated packages would otherwise dominate
// the cost.)
func Build(initial []*packages.Package) *Targets {
	funcs := ownFunctions(initial)
	cs := callGraph(funcs)
	return collect(cs, newStores(cs))
}

// ownFunctions builds the SSA form of the program's own code and returns
// its functions: with the root packages' functions as entry points, a
// forward slice would keep nearly all of them.
func ownFunctions(initial []*packages.Package) map[*ssa.Function]bool {
	return ownFunctionsBy(initial, allFunctions)
}

// ownFunctionsBy is ownFunctions, listing the program's functions with
// all (the tests compare allFunctions with ssautil.AllFunctions).
func ownFunctionsBy(initial []*packages.Package, all func(*ssa.Program, map[*types.Package]bool) map[*ssa.Function]bool) map[*ssa.Function]bool {
	prog, _ := ssautil.AllPackages(initial, ssa.InstantiateGenerics)
	createImplicit(prog)
	mine := make(map[*types.Package]bool)
	reaching := make(map[*types.Package]bool) // with syntax, as AllFunctions visits
	for p := range Reaching(initial) {
		if p.Types == nil {
			continue
		}
		if Covers(p) {
			mine[p.Types] = true
		}
		reaching[p.Types] = len(p.Syntax) > 0
	}
	var own []*ssa.Package
	ownPkg := make(map[*ssa.Package]bool)
	for _, p := range prog.AllPackages() {
		if p.Pkg != nil && mine[p.Pkg] {
			own = append(own, p)
			ownPkg[p] = true
		}
	}
	// Building bodies is the costly part of SSA: on every core.
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for _, p := range own {
		g.Go(func() error { p.Build(); return nil })
	}
	g.Wait()
	funcs := make(map[*ssa.Function]bool)
	for fn := range all(prog, reaching) {
		if len(fn.Blocks) > 0 && ownPkg[pkgOf(fn)] {
			funcs[fn] = true
		}
	}
	return funcs
}

// allFunctions is ssautil.AllFunctions(prog) less functions that cannot
// lead to the program's own: it visits the methods of the exported types
// of the packages in reaching only, not of every dependency (thousands in
// a large SDK, most of AllFunctions' time). Only the program's own
// packages are built, so a dependency's methods have no body to lead
// anywhere, unless it imports the program's packages.
func allFunctions(prog *ssa.Program, reaching map[*types.Package]bool) map[*ssa.Function]bool {
	seen := make(map[*ssa.Function]bool)
	var visit func(fn *ssa.Function)
	visit = func(fn *ssa.Function) {
		if seen[fn] {
			return
		}
		seen[fn] = true
		var buf [10]*ssa.Value
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				for _, op := range instr.Operands(buf[:0]) {
					if fn, ok := (*op).(*ssa.Function); ok {
						visit(fn)
					}
				}
			}
		}
	}
	methodsOf := func(t types.Type) {
		if types.IsInterface(t) {
			return
		}
		for sel := range prog.MethodSets.MethodSet(t).Methods() {
			if sel.Obj().(*types.Func).Signature().TypeParams() == nil {
				visit(prog.MethodValue(sel))
			}
		}
	}
	for _, p := range prog.AllPackages() {
		for _, m := range p.Members {
			switch m := m.(type) {
			case *ssa.Function:
				visit(m)
			case *ssa.Type:
				// As AllFunctions: the methods of exported named types.
				named, ok := m.Type().(*types.Named)
				if ok && reaching[p.Pkg] && ast.IsExported(m.Name()) && !types.IsInterface(named) && named.TypeParams() == nil {
					methodsOf(named)
					methodsOf(types.NewPointer(named))
				}
			}
		}
	}
	for _, t := range prog.RuntimeTypes() {
		methodsOf(t)
	}
	return seen
}

// pkgOf returns the package of a function, of its generic origin for an
// instantiation, and of the method it wraps for a wrapper (a bound method
// value, a promoted or pointer method, a method expression's thunk),
// which ssa shares among packages and gives none.
func pkgOf(fn *ssa.Function) *ssa.Package {
	if fn.Pkg != nil {
		return fn.Pkg
	}
	if fn.Origin() != nil {
		return fn.Origin().Pkg
	}
	if obj, ok := fn.Object().(*types.Func); ok && obj.Pkg() != nil {
		return fn.Prog.Package(obj.Pkg())
	}
	return nil
}

// createImplicit creates the imported packages go/packages does not list:
// cgo's "C", which a cgo package loaded as written (rewrite.LoadMode)
// imports. Building a package needs all its imports created.
func createImplicit(prog *ssa.Program) {
	for _, p := range prog.AllPackages() {
		for _, imp := range p.Pkg.Imports() {
			if prog.Package(imp) == nil {
				prog.CreatePackage(imp, nil, nil, true)
			}
		}
	}
}

// collect keeps the dynamic calls that have a callee: interface method
// calls and calls of function values. A call through a function value read
// from a variable or field takes the functions stored there (stores) when
// all of them are known.
func collect(cs *calls, st *stores) *Targets {
	t := &Targets{calls: make(map[token.Pos]*Callees), lits: make(map[token.Pos]bool)}
	cs.sites(func(_ *ssa.Function, call ssa.CallInstruction) {
		common := call.Common()
		if !dynamic(call) || !common.Pos().IsValid() || !cs.dispatches(call) {
			return
		}
		c := t.calls[common.Pos()]
		if c == nil {
			c = &Callees{}
			t.calls[common.Pos()] = c
		}
		if !common.IsInvoke() {
			if fns, ok := st.callees(common.Value); ok {
				for _, fn := range fns {
					c.add(fn, t.lits)
				}
				return
			}
		}
		for _, fn := range cs.calleesOf(call) {
			c.add(fn, t.lits)
		}
	})
	return t
}

func (c *Callees) add(fn *ssa.Function, lits map[token.Pos]bool) {
	if obj, ok := fn.Object().(*types.Func); ok {
		// A declared function, or a wrapper of one (a bound method, a
		// promoted or pointer method): the declared one runs.
		if o := obj.Origin(); !slices.Contains(c.Funcs, o) {
			c.Funcs = append(c.Funcs, o)
		}
		return
	}
	if fn.Origin() != nil {
		fn = fn.Origin()
	}
	if fn.Parent() != nil && fn.Pos().IsValid() { // a function literal
		if !slices.Contains(c.Lits, fn.Pos()) {
			c.Lits = append(c.Lits, fn.Pos())
			lits[fn.Pos()] = true
		}
	}
}

// Reaching returns the packages, among initial and their dependencies,
// whose code the call graph covers or that import such a package,
// directly or not: only their code can call the program's own.
func Reaching(initial []*packages.Package) map[*packages.Package]bool {
	out := make(map[*packages.Package]bool)
	packages.Visit(initial, nil, func(p *packages.Package) {
		r := Covers(p)
		for _, imp := range p.Imports {
			r = r || out[imp]
		}
		if r {
			out[p] = true
		}
	})
	return out
}

// Covers reports whether the call graph covers p's code: p belongs to a
// main module or, without module information, is not of the standard
// library (its files lie outside GOROOT).
func Covers(p *packages.Package) bool {
	if p.Module != nil {
		return p.Module.Main
	}
	files := p.GoFiles // the sources: a cgo package compiles files of the build cache too
	if len(files) == 0 {
		files = p.CompiledGoFiles
	}
	return len(files) > 0 && !strings.HasPrefix(filepath.ToSlash(files[0]), goroot)
}

var goroot = filepath.ToSlash(filepath.Join(build.Default.GOROOT, "src")) + "/"
