package ctxprop

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/ctxlint/ctxlint/internal/astwalk"
)

// A hand-off is a wait on a channel kept in a struct field that a function
// of the package sends on or closes: a worker pool whose workers, started
// once, report each task done on a channel the collector then receives
// from (for range servers { <-c.done }). The receive waits for the
// sender's run, so what the sender reaches is on the receiver's path, as
// a goroutine's is on the path of the function that waits for it
// (waitedOnChannel). The channel is followed through the package's
// assignments and composite literals (one channel: the collector's field,
// the worker's), and through calls from an argument to the parameter
// (newWorker(c.done) and, in it, worker{done: done}) without merging two
// arguments of one parameter: a helper that closes whatever it is given
// does not make two channels one.
//
// Only a receive from a field counts, outside a select, whose value is
// dropped or says no more than "done" (struct{}, error), or a range over
// one (a collector's loop over its workers' results): a local channel
// is the go statement's (waitedOnChannel), and one that hands values out
// (a pool's idle connections) does not wait for whoever refills it. A send
// counts when it is the last thing its function does (but for returns), or
// the last of a loop's iteration, or deferred: one followed by more work
// lets its receiver go before that work. A send inside a function literal
// counts for the literal when it is a unit of its own, for the function
// around it when the literal runs in place or deferred, and not at all in
// a goroutine of its own.

// handoffs holds what index found for hand-offs and what was made of it.
type handoffs struct {
	sends []chanSend
	// class maps a channel variable, field or parameter to its
	// representative: those assignments and composite literals join
	// share one. up links a parameter's representative to those of the
	// arguments its calls pass, down the other way (made on the first
	// receive walked).
	class    map[types.Object]types.Object
	up, down map[types.Object][]types.Object
	senders  map[types.Object][]*unit // by representative
}

// chanSend is a send on, or a close of, a channel named by a variable or
// field, in a function of the package.
type chanSend struct {
	ch      types.Object
	decl    *ast.FuncDecl
	lit     *ast.FuncLit // the innermost literal around it, if any
	started bool         // lit runs in a goroutine of its own (go func() { ... }())
}

// chanObj returns the variable or field (origin) an expression names, if
// it is a channel.
func (a *pkgAnalysis) chanObj(e ast.Expr) types.Object {
	if v, ok := a.namedObj(e).(*types.Var); ok {
		if _, ok := typeUnder(v.Type()).(*types.Chan); ok {
			return v.Origin()
		}
	}
	return nil
}

// indexReceive records a receive from a field channel that waits for its
// sender. One in a select does not: the select goes on with whichever case
// is ready first (a loop's stop channel beside its tick), so it waits for
// no sender in particular.
func (a *pkgAnalysis) indexReceive(u *ast.UnaryExpr, stack []ast.Node) {
	if u.Op != token.ARROW {
		return
	}
	ch := a.chanObj(u.X)
	if _, ok := ast.Unparen(u.X).(*ast.SelectorExpr); !ok || ch == nil {
		return
	}
	// The node above the receive, parentheses skipped.
	j := len(stack) - 2
	for j >= 0 {
		if _, ok := stack[j].(*ast.ParenExpr); !ok {
			break
		}
		j--
	}
	if j < 0 {
		return
	}
	if j >= 1 {
		if cc, ok := stack[j-1].(*ast.CommClause); ok && stack[j] == cc.Comm {
			return
		}
	}
	dropped := false
	switch p := stack[j].(type) {
	case *ast.ExprStmt:
		dropped = true
	case *ast.AssignStmt:
		dropped = !slices.ContainsFunc(p.Lhs, func(l ast.Expr) bool {
			id, ok := l.(*ast.Ident)
			return !ok || id.Name != "_"
		})
	}
	if !dropped && !doneSignal(ch.Type()) {
		return
	}
	a.nodes = append(a.nodes, u)
}

// doneSignal reports whether a channel's values can only say that
// something ended: struct{}, or an error.
func doneSignal(t types.Type) bool {
	c, ok := typeUnder(t).(*types.Chan)
	if !ok {
		return false
	}
	if st, ok := c.Elem().Underlying().(*types.Struct); ok && st.NumFields() == 0 {
		return true
	}
	return types.Identical(c.Elem(), types.Universe.Lookup("error").Type())
}

// indexSend records a send on, or a close of, a named channel that ends
// what its function does (endsRun).
func (a *pkgAnalysis) indexSend(ch ast.Expr, stack []ast.Node) {
	obj := a.chanObj(ch)
	if obj == nil || !endsRun(stack) {
		return
	}
	s := chanSend{ch: obj}
	for i := len(stack) - 1; i >= 0 && s.decl == nil; i-- {
		switch n := stack[i].(type) {
		case *ast.FuncLit:
			if s.lit == nil {
				s.lit = n
				if i >= 2 {
					call, ok := stack[i-1].(*ast.CallExpr)
					_, goes := stack[i-2].(*ast.GoStmt)
					s.started = ok && goes && ast.Unparen(call.Fun) == n
				}
			}
		case *ast.FuncDecl:
			s.decl = n
		}
	}
	a.handoff.sends = append(a.handoff.sends, s)
}

// endsRun reports whether the statement stack ends in (a send, or a
// close's expression statement) is deferred, or is the last thing its
// function does, or its loop's iteration: at each level up to the
// function's body (or a loop's), only returns that call nothing (and,
// in a switch or select case, a break) follow it.
func endsRun(stack []ast.Node) bool {
	i := len(stack) - 1
	if _, ok := stack[i].(*ast.CallExpr); ok { // close(ch)
		i--
	}
	for i > 0 {
		if _, ok := stack[i].(*ast.DeferStmt); ok {
			return true
		}
		st, ok := stack[i].(ast.Stmt)
		if !ok {
			return false
		}
		switch p := stack[i-1].(type) {
		case *ast.LabeledStmt:
			i--
			continue
		case *ast.IfStmt:
			if p.Else != st {
				return false
			}
			i--
			continue
		}
		list, ok := astwalk.Stmts(stack[i-1])
		at := slices.Index(list, st)
		if !ok || at < 0 {
			return false
		}
		_, inCase := stack[i-1].(*ast.BlockStmt)
		inCase = !inCase
		for _, next := range list[at+1:] {
			if !trailing(next, inCase) {
				return false
			}
		}
		if inCase { // the switch or select around the clause: stack[i-3]
			i -= 3
			continue
		}
		if i < 2 {
			return false
		}
		switch stack[i-2].(type) {
		case *ast.FuncDecl, *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt:
			return true
		case *ast.IfStmt:
			i -= 2
		case *ast.BlockStmt:
			i-- // a block among statements
		default:
			return false
		}
	}
	return false
}

// trailing reports whether st does nothing after a send but leave: a
// return that calls nothing, or a case's break.
func trailing(st ast.Stmt, inCase bool) bool {
	switch st := st.(type) {
	case *ast.EmptyStmt:
		return true
	case *ast.BranchStmt:
		return inCase && st.Tok == token.BREAK && st.Label == nil
	case *ast.ReturnStmt:
		calls := false
		for _, r := range st.Results {
			ast.Inspect(r, func(n ast.Node) bool {
				_, isCall := n.(*ast.CallExpr)
				calls = calls || isCall
				return !calls
			})
		}
		return !calls
	}
	return false
}

// find returns the representative of obj's channel.
func (h *handoffs) find(obj types.Object) types.Object {
	for {
		p, ok := h.class[obj]
		if !ok || p == obj {
			return obj
		}
		if gp, ok := h.class[p]; ok {
			h.class[obj] = gp // halve the path
		}
		obj = p
	}
}

func (h *handoffs) union(x, y types.Object) {
	if x, y = h.find(x), h.find(y); x != y {
		h.class[x] = y
	}
}

// classify groups the package's channels by what flows between them, and
// the senders by channel.
func (a *pkgAnalysis) classify() {
	h := &a.handoff
	h.class = make(map[types.Object]types.Object)
	h.up = make(map[types.Object][]types.Object)
	h.down = make(map[types.Object][]types.Object)
	h.senders = make(map[types.Object][]*unit)
	join := func(obj types.Object, e ast.Expr) {
		if other := a.chanObj(e); other != nil && obj != nil {
			h.union(obj, other)
		}
	}
	for f, values := range a.fieldValues {
		if _, ok := typeUnder(f.Type()).(*types.Chan); !ok {
			continue
		}
		for _, v := range values {
			join(f.Origin(), v)
		}
	}
	for obj, values := range a.assigns {
		if v, ok := obj.(*types.Var); ok {
			if _, ok := typeUnder(v.Type()).(*types.Chan); ok {
				for _, e := range values {
					join(v.Origin(), e)
				}
			}
		}
	}
	// Parameters and the arguments passed them, linked once the groups
	// are made.
	type passed struct{ param, arg types.Object }
	var links []passed
	for fn, sites := range a.calls {
		sig := fn.Signature()
		params := sig.Params()
		for i := range params.Len() {
			p := params.At(i)
			if _, ok := typeUnder(p.Type()).(*types.Chan); !ok || sig.Variadic() && i == params.Len()-1 {
				continue
			}
			for _, site := range sites {
				j := i + methodExprShift(a.info, site.call.Fun)
				if j < len(site.call.Args) {
					if arg := a.chanObj(site.call.Args[j]); arg != nil {
						links = append(links, passed{p.Origin(), arg})
					}
				}
			}
		}
	}
	for _, l := range links {
		p, arg := h.find(l.param), h.find(l.arg)
		if p != arg && !slices.Contains(h.up[p], arg) {
			h.up[p] = append(h.up[p], arg)
			h.down[arg] = append(h.down[arg], p)
		}
	}
	for _, s := range h.sends {
		var u *unit
		switch {
		case s.lit != nil && a.litUnits[s.lit] != nil:
			u = a.litUnits[s.lit]
		case s.started:
			continue // in a goroutine of its own: not the function's
		default:
			if fn, ok := a.info.Defs[s.decl.Name].(*types.Func); ok {
				u = a.funcUnits[fn]
			}
		}
		if u == nil {
			continue
		}
		rep := h.find(s.ch)
		if !slices.Contains(h.senders[rep], u) {
			h.senders[rep] = append(h.senders[rep], u)
		}
	}
}

// sendersOf returns the units that send on the channel of group g: its
// own, those of the arguments passed where g is a parameter, and those of
// the parameters it is passed to, but not those of another argument of a
// parameter it is passed to. In source order.
func (h *handoffs) sendersOf(g types.Object) []*unit {
	type state struct {
		g    types.Object
		down bool // gone from an argument to a parameter: no way back up
	}
	seen := map[state]bool{}
	var out []*unit
	var visit func(s state)
	visit = func(s state) {
		if seen[s] {
			return
		}
		seen[s] = true
		for _, u := range h.senders[s.g] {
			if !slices.Contains(out, u) {
				out = append(out, u)
			}
		}
		if !s.down {
			for _, arg := range h.up[s.g] {
				visit(state{arg, false})
			}
		}
		for _, p := range h.down[s.g] {
			visit(state{p, true})
		}
	}
	visit(state{g, false})
	slices.SortFunc(out, func(x, y *unit) int { return cmp.Compare(x.body.Pos(), y.body.Pos()) })
	return out
}

// handoffTargets returns the units that send on the channel ch, received
// from at pos, other than the receiving function (a loop closing its own
// channel as it stops).
func (w *walker) handoffTargets(ch ast.Expr, pos token.Pos) []target {
	a := w.a
	if a.handoff.class == nil {
		a.classify()
	}
	own := w.u.decl
	if own == nil {
		own = a.declAt(pos)
	}
	var out []target
	for _, u := range a.handoff.sendersOf(a.handoff.find(a.chanObj(ch))) {
		if u != w.u && (u.lit != nil || u.decl != own) {
			out = append(out, target{unit: u})
		}
	}
	return out
}

// received records the wait at a receive from a field channel, or at a
// range over one: a dynamic hop into each function that sends on it.
func (w *walker) received(ch ast.Expr, pos token.Pos) {
	if targets := w.handoffTargets(ch, pos); len(targets) > 0 {
		w.emit(event{pos: pos, dynamic: true, targets: targets})
	}
}

// fieldRange reports whether a range statement ranges over a channel kept
// in a field: a collector's loop over its workers' results, which waits
// for them until they are done.
func (a *pkgAnalysis) fieldRange(r *ast.RangeStmt) bool {
	_, isField := ast.Unparen(r.X).(*ast.SelectorExpr)
	return isField && a.chanObj(r.X) != nil
}
