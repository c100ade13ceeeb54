package ctxprop

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"
)

// A parameter often chooses whether a function blocks:
//
//	func (a *agg) flush(wait bool) {
//		if wait { a.send() } else { go a.send() }
//	}
//
//	func gather(addr string) error {
//		if !strings.HasPrefix(addr, "http") {
//			return gatherSocket(addr)
//		}
//		...
//	}
//
// A reach on such a branch carries a guard: the parameter, the condition
// on it, and the value of the condition that runs the branch. A branch is
// an if statement's body or else, or the rest of a block after an if
// whose body ends in a return. The condition is one the caller can
// evaluate from a constant argument: the parameter (of a basic type),
// constants, comparisons, !, && and ||, len and strings.HasPrefix,
// HasSuffix, Contains and EqualFold. A caller that passes a constant drops
// the reach when the condition takes the other value, and the guard when
// it takes this one; a caller that passes its own parameter on moves the
// guard to it; any other argument drops the guard. The guard is only
// trusted where the function never assigns the parameter or takes its
// address. One guard per reach, the innermost: forgetting one only keeps
// a reach. Reaches of one sink under different guards stay apart
// (reachKey), so that a caller's constant keeps the path its branch
// takes, and prints it.

// guardRegion is a stretch of a unit's body that runs only when a
// parameter satisfies a condition (or not).
type guardRegion struct {
	pos, end token.Pos
	g        guard
}

// guardRegions returns u's branches chosen by its parameters, in any
// order; computed once, with the parameters whose address u takes and
// where u writes each.
func (a *pkgAnalysis) guardRegions(u *unit) []guardRegion {
	if u.guardsDone {
		return u.guards
	}
	u.guardsDone = true
	if u.fn == nil || u.root != nil || u.body == nil || !hasBasicParam(u.fn.Signature()) && !u.fn.Signature().Variadic() {
		return nil
	}
	sc := scanBranches(a.info, u.body,
		func(e ast.Expr) (int, bool) { return a.paramOf(u, e) },
		func(e ast.Expr) (int, bool) { return a.basicParam(u, e) },
		func(is *ast.IfStmt) (guard, bool) { return a.optionGuard(u, is) })
	u.paramWrites, u.addrParams = sc.writes, sc.addr
	// A condition decides a branch if the parameter has the caller's
	// value when it is evaluated: no write before it, none in a loop
	// around it, none in a function literal (which may run any time).
	cands := sc.cands
	for _, c := range cands {
		p := c.r.g.Param
		trusted := !u.addrParams[p]
		for _, w := range u.paramWrites[p] {
			if w <= c.condEnd || c.loop != nil && c.loop.Pos() <= w && w < c.loop.End() {
				trusted = false
			}
		}
		if trusted {
			u.guards = append(u.guards, c.r)
		}
	}
	return u.guards
}

// branchCand is a branch a condition on a parameter chooses, with where
// the condition ends and the innermost loop around it.
type branchCand struct {
	r       guardRegion
	condEnd token.Pos
	loop    ast.Node
}

// branchScan is what a body says of its parameters' branches: the
// branches conditions on them choose (an if's body or else, the rest of a
// block after an if that returns), where it writes each parameter (NoPos
// inside a function literal, which may run any time), and those whose
// address it takes.
type branchScan struct {
	cands  []branchCand
	writes map[int][]token.Pos
	addr   map[int]bool
}

// scanBranches scans body. param recognises a parameter, basic one of a
// basic type (a condition's), and option, if not nil, an if statement
// that makes a default no option gave (options.go).
func scanBranches(info *types.Info, body ast.Node, param, basic func(ast.Expr) (int, bool), option func(*ast.IfStmt) (guard, bool)) branchScan {
	var sc branchScan
	var stack []ast.Node
	innermost := func(kinds func(ast.Node) bool) ast.Node {
		for i := len(stack) - 1; i >= 0; i-- {
			if kinds(stack[i]) {
				return stack[i]
			}
		}
		return nil
	}
	isLoop := func(n ast.Node) bool {
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			return true
		}
		return false
	}
	isLit := func(n ast.Node) bool { _, ok := n.(*ast.FuncLit); return ok }
	write := func(e ast.Expr, at token.Pos) {
		if p, ok := param(e); ok {
			if innermost(isLit) != nil {
				at = token.NoPos
			}
			put(&sc.writes, p, append(sc.writes[p], at))
		}
	}
	cond := func(e ast.Expr) (guard, bool) { return condGuard(info, e, basic) }
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		switch n := n.(type) {
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				if p, ok := param(n.X); ok {
					put(&sc.addr, p, true)
				}
			}
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				write(l, n.Pos())
			}
		case *ast.IncDecStmt:
			write(n.X, n.Pos())
		case *ast.SelectorExpr:
			if _, ok := param(n.X); ok && ptrMethod(info, n) {
				write(n.X, n.Pos()) // v.Normalize(): through &v
			}
		case *ast.RangeStmt:
			if n.Tok == token.ASSIGN {
				for _, e := range []ast.Expr{n.Key, n.Value} {
					write(e, n.Pos())
				}
			}
		case *ast.IfStmt:
			loop := innermost(isLoop)
			if option != nil {
				if g, ok := option(n); ok {
					sc.cands = append(sc.cands, branchCand{guardRegion{n.Body.Pos(), n.Body.End(), g}, n.Cond.End(), loop})
					break
				}
			}
			if g, ok := cond(n.Cond); ok {
				sc.cands = append(sc.cands, branchCand{guardRegion{n.Body.Pos(), n.Body.End(), g}, n.Cond.End(), loop})
				if n.Else != nil {
					sc.cands = append(sc.cands, branchCand{guardRegion{n.Else.Pos(), n.Else.End(), g.negate()}, n.Cond.End(), loop})
				}
			}
		case *ast.BlockStmt:
			// if cond { ...; return }: the rest of the block runs only
			// when cond is false.
			for _, st := range n.List {
				is, ok := st.(*ast.IfStmt)
				if !ok || is.Else != nil || !endsInReturn(is.Body) {
					continue
				}
				if g, ok := cond(is.Cond); ok {
					sc.cands = append(sc.cands, branchCand{guardRegion{is.End(), n.End(), g.negate()}, is.Cond.End(), innermost(isLoop)})
				}
			}
		}
		stack = append(stack, n)
		return true
	})
	return sc
}

// paramOf returns the index of u's parameter e names.
func (a *pkgAnalysis) paramOf(u *unit, e ast.Expr) (int, bool) {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok || !namesParam(u.ftype, id.Name) {
		return 0, false
	}
	v, ok := a.objOf(id).(*types.Var)
	if !ok {
		return 0, false
	}
	ref, ok := a.params[v]
	if !ok || ref.fn != u.fn {
		return 0, false
	}
	return ref.i, true
}

// namesParam reports whether ft declares a parameter called name. Most
// operands are not parameters: their names say so before a lookup in the
// type checker's maps does.
func namesParam(ft *ast.FuncType, name string) bool {
	if ft == nil {
		return true // no syntax to tell by: let the lookup decide
	}
	for _, field := range ft.Params.List {
		for _, id := range field.Names {
			if id.Name == name {
				return true
			}
		}
	}
	return false
}

func endsInReturn(b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	_, ok := b.List[len(b.List)-1].(*ast.ReturnStmt)
	return ok
}

// condGuard returns the guard an if statement's condition makes, when it
// is a condition on one parameter of u that a caller can evaluate.
func (a *pkgAnalysis) condGuard(u *unit, cond ast.Expr) (guard, bool) {
	return condGuard(a.info, cond, func(e ast.Expr) (int, bool) { return a.basicParam(u, e) })
}

// basicParam returns the index of the parameter of u of a basic type
// that e names.
func (a *pkgAnalysis) basicParam(u *unit, e ast.Expr) (int, bool) {
	p, ok := a.paramOf(u, e)
	if !ok || !isBasic(u.fn.Signature().Params().At(p).Type()) {
		return 0, false
	}
	return p, true
}

// guardAt returns the guard of the innermost region holding pos, joined
// with those of the regions around it on the same parameter (the early
// return before an if on it, say).
func (a *pkgAnalysis) guardAt(u *unit, pos token.Pos) guard {
	var in []guardRegion
	for _, r := range a.guardRegions(u) {
		if r.pos <= pos && pos < r.end {
			in = append(in, r)
		}
	}
	if len(in) == 0 {
		return guard{}
	}
	slices.SortStableFunc(in, func(x, y guardRegion) int { return cmp.Compare(x.pos, y.pos) })
	last := in[len(in)-1].g
	var conds []string
	for _, r := range in {
		if r.g.Param != last.Param {
			continue
		}
		if r.g.Want {
			conds = append(conds, r.g.Cond)
		} else {
			conds = append(conds, "!("+r.g.Cond+")")
		}
	}
	if len(conds) == 1 {
		return last
	}
	return guard{Param: last.Param, Cond: strings.Join(conds, " && "), Want: true}
}

// callerGuard maps a callee reach's guard g (on the callee's parameters,
// shifted by shift at this call) to the caller u: ok is false when the
// call's argument chooses the other branch, and the reach is dropped.
func (a *pkgAnalysis) callerGuard(u *unit, ev *event, g guard, shift int) (guard, bool) {
	call := ev.call
	i := g.Param + shift
	if g.Cond == "" || call == nil || i >= len(call.Args) || call.Ellipsis.IsValid() {
		return ev.guard, true
	}
	if field, ok := optionFieldOf(g.Cond); ok {
		if a.optionGiven(call.Args[i:], field) {
			return guard{}, false // an option sets it: no default to make
		}
		return ev.guard, true
	}
	arg := call.Args[i]
	if tv, ok := a.info.Types[arg]; ok && tv.Value != nil {
		if v, ok := evalCond(g.Cond, tv.Value); ok && v != g.Want {
			return guard{}, false
		}
		return ev.guard, true
	}
	if p, ok := a.basicParam(u, arg); ok && u.root == nil {
		if a.guardRegions(u); !u.addrParams[p] && len(u.paramWrites[p]) == 0 {
			g.Param = p
			return g, true
		}
	}
	return ev.guard, true
}

// ptrMethod reports whether sel selects a method with a pointer receiver
// on an addressable value: its call may write the value.
func ptrMethod(info *types.Info, sel *ast.SelectorExpr) bool {
	s, ok := info.Selections[sel]
	if !ok || s.Kind() != types.MethodVal {
		return false
	}
	if _, ok := s.Recv().(*types.Pointer); ok {
		return false // through a pointer already: the value is not the variable
	}
	recv := s.Obj().(*types.Func).Signature().Recv()
	_, ptr := recv.Type().(*types.Pointer)
	return ptr
}

func hasBasicParam(sig *types.Signature) bool {
	for v := range sig.Params().Variables() {
		if isBasic(v.Type()) {
			return true
		}
	}
	return false
}

// isBasic reports whether t is a boolean, numeric or string type: one a
// constant argument has.
func isBasic(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsBoolean|types.IsNumeric|types.IsString) != 0 && b.Kind() != types.UntypedNil
}
