package calltargets

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/types/typeutil"
)

// ctxlint -fix analyses the program again once it has threaded ctx, to
// confirm the paths are gone; building SSA and the type flow of the whole
// program again was most of that pass (4 of 5 s on telegraf). The rewrite
// adds parameters, arguments and contexts: the functions and literals a
// dynamic call may run stay the ones they were, unless it declares a
// function or a literal (a value that can flow to a call), uses another
// function as a value, or adds a dynamic call. Carry checks the rewritten
// files for those and otherwise moves the graph over: the positions of the
// files not rewritten hold, the calls and literals of the rewritten ones
// are matched by declaration and order, and the functions are found again
// by name in the packages checked anew. One change of value it follows: a
// function swapped for its context form in a slot (exec.Command for
// exec.CommandContext) runs where the one swapped out ran, in the calls
// whose type became its own. CTXLINT_DEBUG=carry compares the graph
// carried with one built anew (internal/wholeprog), and so does
// rewrite's TestCarriedCallGraph on its cases.

// Carry returns the call graph of next, a rewrite of prev (the program t
// was built for) that shares prev's file set and the syntax of the files
// it did not change, as the rewrite's next pass does; or nil and why not,
// when the rewrite may have changed what a dynamic call runs, or a call or
// callee cannot be found again.
func (t *Targets) Carry(prev, next []*packages.Package) (*Targets, string) {
	if t == nil || len(prev) == 0 || len(next) == 0 {
		return nil, "no graph to carry"
	}
	c := &carrier{
		fset: prev[0].Fset, pkgs: map[*types.Package]*types.Package{}, files: map[string]bool{},
		moved: map[token.Pos]token.Pos{}, retyped: map[token.Pos]types.Type{}, swaps: map[string]*types.Func{},
	}
	if why := c.pair(prev, next); why != "" {
		return nil, why
	}
	out := &Targets{calls: make(map[token.Pos]*Callees, len(t.calls)), lits: make(map[token.Pos]bool, len(t.lits))}
	for pos := range t.lits {
		p, ok := c.pos(pos)
		if !ok {
			return nil, fmt.Sprintf("the literal at %s was not found again", c.fset.Position(pos))
		}
		out.lits[p] = true
	}
	for pos, callees := range t.calls {
		p, ok := c.pos(pos)
		if !ok {
			return nil, fmt.Sprintf("the call at %s was not found again", c.fset.Position(pos))
		}
		n := &Callees{Funcs: make([]*types.Func, 0, len(callees.Funcs)), Lits: make([]token.Pos, 0, len(callees.Lits))}
		for _, fn := range callees.Funcs {
			f, ok := c.fn(fn)
			if !ok {
				return nil, fmt.Sprintf("%s was not found again", fn.FullName())
			}
			// A call that now takes the swapped-in value's type runs it
			// in place of the function swapped out, which it cannot.
			if now, ok := c.swaps[f.FullName()]; ok {
				if t, ok := c.retyped[p]; ok && !sameType(f.Signature(), t) && sameType(now.Signature(), t) {
					f = now
				}
			}
			if !slices.Contains(n.Funcs, f) {
				n.Funcs = append(n.Funcs, f)
			}
		}
		for _, lit := range callees.Lits {
			l, ok := c.pos(lit)
			if !ok {
				return nil, fmt.Sprintf("the literal at %s was not found again", c.fset.Position(lit))
			}
			if !slices.Contains(n.Lits, l) {
				n.Lits = append(n.Lits, l)
			}
		}
		out.calls[p] = n
	}
	return out, ""
}

// carrier maps prev's objects and positions to next's.
type carrier struct {
	fset  *token.FileSet
	pkgs  map[*types.Package]*types.Package // the packages checked anew
	files map[string]bool                   // the files rewritten
	moved map[token.Pos]token.Pos           // their calls' and literals' positions
	// retyped are the rewritten files' calls whose callee's type the
	// rewrite changed, with the new type; swaps, the functions used as
	// values it replaced, by name, with their replacements.
	retyped map[token.Pos]types.Type
	swaps   map[string]*types.Func
}

// pair matches the packages by ID, and the rewritten files' calls and
// literals, or says why it cannot.
func (c *carrier) pair(prev, next []*packages.Package) string {
	byID := map[string]*packages.Package{}
	packages.Visit(next, nil, func(p *packages.Package) { byID[p.ID] = p })
	var why string
	packages.Visit(prev, nil, func(p *packages.Package) {
		n := byID[p.ID]
		if why != "" || n == nil || n.Types == p.Types {
			return
		}
		if p.Types == nil || n.Types == nil || p.TypesInfo == nil || n.TypesInfo == nil || n.Fset != c.fset || len(p.Syntax) != len(n.Syntax) {
			why = fmt.Sprintf("%s is not comparable before and after", p.ID)
			return
		}
		c.pkgs[p.Types] = n.Types
		for i, f := range p.Syntax {
			g := n.Syntax[i]
			name := c.fset.File(f.FileStart).Name()
			if f == g || c.files[name] {
				continue
			}
			c.files[name] = true
			if why = c.match(f, g, p.TypesInfo, n.TypesInfo); why != "" {
				return
			}
		}
	})
	return why
}

// pos returns where the call or literal at pos is in next.
func (c *carrier) pos(pos token.Pos) (token.Pos, bool) {
	if tf := c.fset.File(pos); tf == nil || !c.files[tf.Name()] {
		return pos, true
	}
	p, ok := c.moved[pos]
	return p, ok
}

// fn returns the function of next that is fn of prev.
func (c *carrier) fn(fn *types.Func) (*types.Func, bool) {
	pkg, ok := c.pkgs[fn.Pkg()]
	if !ok {
		return fn, true // a package not checked anew: the same objects
	}
	recv := fn.Signature().Recv()
	if recv == nil {
		f, ok := pkg.Scope().Lookup(fn.Name()).(*types.Func)
		return f, ok
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Parent() != fn.Pkg().Scope() {
		return nil, false // a local type's method
	}
	tn, ok := pkg.Scope().Lookup(named.Obj().Name()).(*types.TypeName)
	if !ok {
		return nil, false
	}
	now, ok := tn.Type().(*types.Named)
	if !ok {
		return nil, false
	}
	methods := now.Methods()
	if iface, ok := now.Underlying().(*types.Interface); ok {
		methods = iface.ExplicitMethods()
	}
	for m := range methods {
		if m.Name() == fn.Name() {
			return m, true
		}
	}
	return nil, false
}

// match pairs the calls and function literals of a rewritten file, f
// before and g after, declaration by declaration: a call by the callee
// expression as written and its order among the declaration's calls of
// it, a literal by its order; it records the calls whose callee's type
// changed (retyped) and the functions swapped for their context forms
// (swaps). It says why not when the rewrite declared or removed a
// declaration or literal, added a dynamic call, or changed the functions
// used as values otherwise (prevInfo is f's package's, info g's).
func (c *carrier) match(f, g *ast.File, prevInfo, info *types.Info) string {
	before, after := declSites(f, prevInfo), declSites(g, info)
	if len(before) != len(after) {
		return fmt.Sprintf("the rewrite declared or removed a function in %s", c.fset.File(g.FileStart).Name())
	}
	for key, b := range before {
		a, ok := after[key]
		if !ok {
			return fmt.Sprintf("the rewrite declared or removed %s in %s", key, c.fset.File(g.FileStart).Name())
		}
		if len(a.lits) != len(b.lits) {
			return fmt.Sprintf("the rewrite added or removed a function literal in %s", key)
		}
		if !slices.EqualFunc(a.values, b.values, sameFunc) {
			// A slot's function swapped for its context form, of its
			// package: the new one runs where the old one did, in the
			// calls that now take a context. (An adapter literal would
			// not: the graph leaves out some functions the program's
			// code does not build, and a literal it builds.)
			gone, added := valueDiff(b.values, a.values)
			if len(gone) != 1 || len(added) != 1 || gone[0].Pkg() == nil || added[0].Pkg() == nil || gone[0].Pkg().Path() != added[0].Pkg().Path() {
				return fmt.Sprintf("the rewrite changed the functions %s uses as values", key)
			}
			name := gone[0].FullName()
			if other, ok := c.swaps[name]; ok && !sameFunc(other, added[0]) {
				return fmt.Sprintf("the rewrite put two functions in place of %s", name)
			}
			c.swaps[name] = added[0]
		}
		for i, lit := range b.lits {
			c.moved[lit.Type.Func] = a.lits[i].Type.Func
		}
		for callee, calls := range a.calls {
			was := b.calls[callee]
			if len(was) == len(calls) {
				for i, call := range was {
					c.moved[call.Lparen] = calls[i].Lparen
					if t := info.TypeOf(calls[i].Fun); t != nil && !sameType(prevInfo.TypeOf(call.Fun), t) {
						c.retyped[calls[i].Lparen] = t
					}
				}
				continue
			}
			// A call the rewrite added or removed: the old ones are not
			// found again (an error only if the graph has them); a new
			// dynamic one would need the graph built.
			for _, call := range calls {
				if dynamicCall(info, call) && !isCancel(info.TypeOf(call.Fun)) {
					return fmt.Sprintf("the rewrite added a dynamic call at %s", c.fset.Position(call.Lparen))
				}
			}
		}
	}
	return ""
}

// sites are a declaration's calls, by callee expression, and its function
// literals but those called in place, in the order of the source.
type sites struct {
	calls  map[string][]*ast.CallExpr
	lits   []*ast.FuncLit
	values []*types.Func // the functions used as values (not called), by name
}

// declSites returns the sites of a file's declarations, by a key that
// names each (a function's receiver type and name, a declaration's first
// name, and its order among those of the same key).
func declSites(f *ast.File, info *types.Info) map[string]*sites {
	out := map[string]*sites{}
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
			continue // the rewrite imports context
		}
		base := declName(d)
		key := base
		for i := 2; out[key] != nil; i++ {
			key = fmt.Sprintf("%s#%d", base, i)
		}
		s := &sites{calls: map[string][]*ast.CallExpr{}}
		out[key] = s
		inPlace := map[*ast.FuncLit]bool{}
		called := map[ast.Expr]bool{}
		value := func(id *ast.Ident, as ast.Expr) {
			if fn, ok := info.Uses[id].(*types.Func); ok && !called[as] {
				s.values = append(s.values, fn)
			}
		}
		ast.Inspect(d, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				value(n.Sel, n)
				called[n.Sel] = true // not a value of its own
			case *ast.Ident:
				value(n, n)
			case *ast.CallExpr:
				called[ast.Unparen(n.Fun)] = true
				callee := "func literal" // whose signature the rewrite may change
				if lit, ok := ast.Unparen(n.Fun).(*ast.FuncLit); ok {
					inPlace[lit] = true
				} else {
					callee = types.ExprString(n.Fun)
				}
				s.calls[callee] = append(s.calls[callee], n)
			case *ast.FuncLit:
				// A literal called where it stands is no value: no
				// dynamic call runs it (the rewrite writes some).
				if !inPlace[n] {
					s.lits = append(s.lits, n)
				}
			}
			return true
		})
		slices.SortFunc(s.values, func(x, y *types.Func) int { return strings.Compare(x.FullName(), y.FullName()) })
	}
	return out
}

// declName names a top-level declaration.
func declName(d ast.Decl) string {
	switch d := d.(type) {
	case *ast.FuncDecl:
		if d.Recv != nil && len(d.Recv.List) > 0 {
			return "func (" + types.ExprString(d.Recv.List[0].Type) + ") " + d.Name.Name
		}
		return "func " + d.Name.Name
	case *ast.GenDecl:
		for _, spec := range d.Specs {
			switch spec := spec.(type) {
			case *ast.ValueSpec:
				return d.Tok.String() + " " + spec.Names[0].Name
			case *ast.TypeSpec:
				return "type " + spec.Name.Name
			}
		}
		return d.Tok.String()
	}
	return "?"
}

// dynamicCall reports whether a call runs a function value or an interface
// method: one the call graph resolves.
func dynamicCall(info *types.Info, call *ast.CallExpr) bool {
	if tv, ok := info.Types[call.Fun]; !ok || tv.IsType() || tv.IsBuiltin() {
		return false
	}
	if _, ok := ast.Unparen(call.Fun).(*ast.FuncLit); ok {
		return false // a literal called where it stands runs itself
	}
	return typeutil.StaticCallee(info, call) == nil
}

// valueDiff returns the functions used as values before and not after,
// and after and not before.
func valueDiff(before, after []*types.Func) (gone, added []*types.Func) {
	for _, fn := range before {
		if !slices.ContainsFunc(after, func(g *types.Func) bool { return sameFunc(fn, g) }) {
			gone = append(gone, fn)
		}
	}
	for _, fn := range after {
		if !slices.ContainsFunc(before, func(g *types.Func) bool { return sameFunc(fn, g) }) {
			added = append(added, fn)
		}
	}
	return gone, added
}

// sameFunc reports whether two functions are one, before and after a
// check anew.
func sameFunc(x, y *types.Func) bool { return x.FullName() == y.FullName() }

// sameType reports whether two types are written the same, a function's
// but for its parameters' names: one type, before and after a check anew
// (go/types would tell two).
func sameType(x, y types.Type) bool {
	return x != nil && y != nil && typeKey(x) == typeKey(y)
}

func typeKey(t types.Type) string {
	sig, ok := t.Underlying().(*types.Signature)
	if !ok {
		return types.TypeString(t, nil)
	}
	var b strings.Builder
	tuple := func(vs *types.Tuple, variadic bool) {
		b.WriteByte('(')
		for i := range vs.Len() {
			if i > 0 {
				b.WriteString(", ")
			}
			t := vs.At(i).Type()
			if variadic && i == vs.Len()-1 {
				b.WriteString("...")
				t = t.(*types.Slice).Elem()
			}
			b.WriteString(types.TypeString(t, nil))
		}
		b.WriteByte(')')
	}
	b.WriteString("func")
	tuple(sig.Params(), sig.Variadic())
	tuple(sig.Results(), false)
	return b.String()
}

// isCancel reports whether t is a context's cancel function: the rewrite
// calls the one it makes with a deadline, and no function of the program
// flows to it.
func isCancel(t types.Type) bool {
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil || named.Obj().Pkg().Path() != "context" {
		return false
	}
	name := named.Obj().Name()
	return name == "CancelFunc" || name == "CancelCauseFunc"
}

// Diff lists the differences between two graphs of one program, by
// position and callee: the check of Carry against a graph built anew.
func Diff(fset *token.FileSet, a, b *Targets) []string {
	describe := func(t *Targets) map[string]string {
		out := map[string]string{}
		for pos, c := range t.calls {
			var names []string
			for _, fn := range c.Funcs {
				names = append(names, fn.FullName()+" "+fset.Position(fn.Pos()).String())
			}
			for _, lit := range c.Lits {
				names = append(names, "literal "+fset.Position(lit).String())
			}
			slices.Sort(names)
			out["call "+fset.Position(pos).String()] = fmt.Sprint(names)
		}
		for pos := range t.lits {
			out["callee literal "+fset.Position(pos).String()] = ""
		}
		return out
	}
	da, db := describe(a), describe(b)
	var diffs []string
	for k, v := range da {
		if w, ok := db[k]; !ok {
			diffs = append(diffs, "only in the first: "+k+" "+v)
		} else if v != w {
			diffs = append(diffs, k+": "+v+" against "+w)
		}
	}
	for k, v := range db {
		if _, ok := da[k]; !ok {
			diffs = append(diffs, "only in the second: "+k+" "+v)
		}
	}
	slices.Sort(diffs)
	return diffs
}
