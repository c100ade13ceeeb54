// Package calltargets resolves the dynamic calls of a whole program,
// interface method calls and calls through function values, to the
// functions they may run. The call graph is built as govulncheck builds
// its own: SSA for the program's own code, CHA as a sound
// over-approximation, a forward slice from the entry points, then VTA
// (type flow through assignments, fields, maps, parameters and returns)
// twice, each time over the slice of the graph before. VTA's precision on
// dynamic calls is what keeps out the implementations a program never
// builds and the functions of the same signature it never stores.
package calltargets

import (
	"go/build"
	"go/token"
	"go/types"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/callgraph"
	"golang.org/x/tools/go/callgraph/cha"
	"golang.org/x/tools/go/callgraph/vta"
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

// Len is the number of dynamic call sites resolved.
func (t *Targets) Len() int { return len(t.calls) }

// Build makes the call graph of the program made of initial and their
// dependencies. The entry points are every function of the initial
// packages (with their init functions and closures): a program's
// constructors, which run at start-up and store the values that dynamic
// calls later run, are among them. Function bodies of the standard library
// are not built: ctxlint models its blocking calls instead of analysing
// them.
func Build(initial []*packages.Package) *Targets {
	prog, _ := ssautil.AllPackages(initial, ssa.InstantiateGenerics)
	var own []*ssa.Package
	for _, p := range prog.AllPackages() {
		if p.Pkg != nil && !standard(prog, p) {
			own = append(own, p)
		}
	}
	buildAll(own)

	roots := make(map[*types.Package]bool)
	for _, p := range initial {
		roots[p.Types] = true
	}
	var entries []*ssa.Function
	for fn := range ssautil.AllFunctions(prog) {
		if pkg := fn.Pkg; pkg != nil && roots[pkg.Pkg] && len(fn.Blocks) > 0 {
			entries = append(entries, fn)
		} else if fn.Pkg == nil && fn.Origin() != nil && fn.Origin().Pkg != nil && roots[fn.Origin().Pkg.Pkg] && len(fn.Blocks) > 0 {
			entries = append(entries, fn) // an instantiation of a root package's generic function
		}
	}

	g := cha.CallGraph(prog)
	g = vta.CallGraph(forward(g, entries), g)
	g = vta.CallGraph(forward(g, entries), g)
	return collect(g)
}

// buildAll builds the packages' function bodies, on every core: building
// is the costly part of SSA.
func buildAll(pkgs []*ssa.Package) {
	work := make(chan *ssa.Package)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for p := range work {
				p.Build()
			}
		})
	}
	for _, p := range pkgs {
		work <- p
	}
	close(work)
	wg.Wait()
}

// forward returns the functions reachable in g from entries.
func forward(g *callgraph.Graph, entries []*ssa.Function) map[*ssa.Function]bool {
	seen := make(map[*ssa.Function]bool)
	stack := slices.Clone(entries)
	for len(stack) > 0 {
		fn := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[fn] {
			continue
		}
		seen[fn] = true
		if n := g.Nodes[fn]; n != nil {
			for _, e := range n.Out {
				if !seen[e.Callee.Func] {
					stack = append(stack, e.Callee.Func)
				}
			}
		}
	}
	return seen
}

// collect keeps the graph's dynamic calls: interface method calls and
// calls of function values.
func collect(g *callgraph.Graph) *Targets {
	t := &Targets{calls: make(map[token.Pos]*Callees), lits: make(map[token.Pos]bool)}
	for _, n := range g.Nodes {
		for _, e := range n.Out {
			if e.Site == nil {
				continue
			}
			common := e.Site.Common()
			if common.StaticCallee() != nil || !common.Pos().IsValid() {
				continue
			}
			c := t.calls[common.Pos()]
			if c == nil {
				c = &Callees{}
				t.calls[common.Pos()] = c
			}
			c.add(e.Callee.Func, t.lits)
		}
	}
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

// standard reports whether p is a package of the standard library: its
// files lie under GOROOT.
func standard(prog *ssa.Program, p *ssa.Package) bool {
	for _, m := range p.Members {
		if pos := m.Pos(); pos.IsValid() {
			return strings.HasPrefix(filepath.ToSlash(prog.Fset.Position(pos).Filename), goroot)
		}
	}
	return !strings.Contains(strings.Split(p.Pkg.Path(), "/")[0], ".")
}

var goroot = filepath.ToSlash(filepath.Join(build.Default.GOROOT, "src")) + "/"
