package plan

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/ctxlint/ctxlint/internal/ctxtypes"
)

// thread gives a ctx parameter to the callers of the functions that gain
// one, up to the monitored loops. ctxprop reports one path per loop and
// blocking call, but every function between a loop and a function that
// now takes ctx must pass the loop's context down, or the call would get
// context.TODO(): the hand migration's "plumbing". A caller is threaded
// when a chain of callers leads from it up to a loop's function.
func (b *builder) thread() {
	memo := map[*ast.FuncDecl]int{} // 1 visiting, 2 reaches a root, 3 does not
	var reaches func(d *ast.FuncDecl) bool
	reaches = func(d *ast.FuncDecl) bool {
		if b.roots[d] {
			return true
		}
		switch memo[d] {
		case 1, 3:
			return false
		case 2:
			return true
		}
		memo[d] = 1
		ok := false
		for _, c := range b.callsOf(node{kind: "func", pos: d.Name.Pos()}) {
			if _, cd := b.prog.FuncAt(c.Pos()); cd != nil && reaches(cd) {
				ok = true
				break
			}
		}
		memo[d] = 3
		if ok {
			memo[d] = 2
		}
		return ok
	}
	for changed := true; changed; {
		changed = false
		for _, key := range slices.Clone(b.order) {
			cs := b.sets[key]
			if cs == nil || len(cs.AddParam) == 0 {
				continue
			}
			// In file order: the sets found here join the plan in it.
			for _, lp := range slices.SortedFunc(slices.Values(cs.PassCtx), b.prog.ComparePos) {
				_, d := b.prog.FuncAt(lp)
				if d == nil || b.roots[d] || d.Body == nil {
					continue
				}
				n := node{kind: "func", pos: d.Name.Pos()}
				if _, done := b.comp[n]; done || b.flow.hasContext(n) || b.contextInScope(lp) || !reaches(d) {
					continue
				}
				for _, label := range cs.Paths {
					b.component(n, label, lp)
				}
				if len(cs.Paths) == 0 {
					b.component(n, cs.Name, lp)
				}
				changed = true
			}
		}
	}
}

// callsOf lists the calls of everything that changes with n.
func (b *builder) callsOf(n node) []*ast.CallExpr {
	var out []*ast.CallExpr
	for _, m := range b.flow.closure(n) {
		out = append(out, b.flow.calls[m]...)
	}
	return out
}

// contextInScope reports whether a context variable is visible at pos.
func (b *builder) contextInScope(pos token.Pos) bool {
	f := b.prog.FileAt(pos)
	inner := f.Pkg.Types.Scope().Innermost(pos)
	for s := inner; s != nil && s != f.Pkg.Types.Scope() && s != types.Universe; s = s.Parent() {
		for _, name := range s.Names() {
			obj := s.Lookup(name)
			if _, ok := obj.(*types.Var); ok && ctxtypes.IsContext(obj.Type()) && name != "_" {
				if _, vis := inner.LookupParent(name, pos); vis == obj {
					return true
				}
			}
		}
	}
	return false
}
