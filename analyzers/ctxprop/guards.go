package ctxprop

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// A boolean parameter often chooses whether a function blocks:
//
//	func (a *agg) flush(wait bool) {
//		if wait { a.send() } else { go a.send() }
//	}
//
// A reach on such a branch carries a guard: the parameter and the value
// that runs it. A caller that passes a constant drops the reach when the
// constant chooses the other branch, and the guard when it chooses this
// one; a caller that passes its own boolean parameter on moves the guard
// to it; any other argument drops the guard. The guard is only trusted
// where the function never assigns the parameter or takes its address.
// One guard per reach, the innermost: forgetting one only keeps a reach.
// Reaches of one sink under different guards stay apart (reachKey), so
// that a caller's constant keeps the path its branch takes, and prints it.

// guard is Reach.Guard: 0 none; p+1 when the reach runs only if
// parameter p is true, -(p+1) only if it is false.
type guard = int

func guardOf(param int, val bool) guard {
	if val {
		return param + 1
	}
	return -(param + 1)
}

// guardText says a guard in fact strings.
func guardText(g guard) string {
	if g == 0 {
		return ""
	}
	p, val := g-1, true
	if g < 0 {
		p, val = -g-1, false
	}
	return fmt.Sprintf(" if parameter %d is %t", p, val)
}

// guardRegion is a branch of an if statement that runs only when a
// boolean parameter has a value.
type guardRegion struct {
	pos, end token.Pos
	g        guard
}

// guardRegions returns u's branches chosen by its boolean parameters, in
// any order; computed once, with the parameters whose address u takes.
func (a *pkgAnalysis) guardRegions(u *unit) []guardRegion {
	if u.guardsDone {
		return u.guards
	}
	u.guardsDone = true
	if u.fn == nil || u.root != nil || u.body == nil || !hasBoolParam(u.fn.Signature()) {
		return nil
	}
	var regions []guardRegion
	ast.Inspect(u.body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				if p, ok := a.boolParam(u, n.X); ok {
					put(&u.addrParams, p, true)
				}
			}
		case *ast.IfStmt:
			cond, val := ast.Unparen(n.Cond), true
			if not, ok := cond.(*ast.UnaryExpr); ok && not.Op == token.NOT {
				cond, val = not.X, false
			}
			if p, ok := a.boolParam(u, cond); ok {
				regions = append(regions, guardRegion{n.Body.Pos(), n.Body.End(), guardOf(p, val)})
				if n.Else != nil {
					regions = append(regions, guardRegion{n.Else.Pos(), n.Else.End(), guardOf(p, !val)})
				}
			}
		}
		return true
	})
	for _, r := range regions {
		if !u.addrParams[guardParam(r.g)] {
			u.guards = append(u.guards, r)
		}
	}
	return u.guards
}

// boolParam returns the index of the boolean parameter of u that e names,
// if the body never assigns it.
func (a *pkgAnalysis) boolParam(u *unit, e ast.Expr) (int, bool) {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return 0, false
	}
	v, ok := a.info.Uses[id].(*types.Var)
	if !ok {
		return 0, false
	}
	ref, ok := a.params[v]
	if !ok || ref.fn != u.fn || len(a.assigns[v]) > 0 || !isBool(v.Type()) {
		return 0, false
	}
	return ref.i, true
}

func guardParam(g guard) int {
	if g < 0 {
		return -g - 1
	}
	return g - 1
}

// guardAt returns the guard of the innermost region holding pos.
func (a *pkgAnalysis) guardAt(u *unit, pos token.Pos) guard {
	g, at := guard(0), token.NoPos
	for _, r := range a.guardRegions(u) {
		if r.pos <= pos && pos < r.end && r.pos >= at {
			g, at = r.g, r.pos
		}
	}
	return g
}

// callerGuard maps a callee reach's guard g (on the callee's parameters,
// shifted by shift at this call) to the caller u: ok is false when the
// call's argument chooses the other branch, and the reach is dropped.
func (a *pkgAnalysis) callerGuard(u *unit, ev *event, g guard, shift int) (guard, bool) {
	call := ev.call
	i := guardParam(g) + shift
	if g == 0 || call == nil || i >= len(call.Args) || call.Ellipsis.IsValid() {
		return ev.guard, true
	}
	arg := call.Args[i]
	if tv, ok := a.info.Types[arg]; ok && tv.Value != nil && tv.Value.Kind() == constant.Bool {
		if constant.BoolVal(tv.Value) != (g > 0) {
			return 0, false
		}
		return ev.guard, true
	}
	if p, ok := a.boolParam(u, arg); ok && u.root == nil {
		if a.guardRegions(u); !u.addrParams[p] {
			return guardOf(p, g > 0), true
		}
	}
	return ev.guard, true
}

func hasBoolParam(sig *types.Signature) bool {
	for v := range sig.Params().Variables() {
		if isBool(v.Type()) {
			return true
		}
	}
	return false
}

func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}
