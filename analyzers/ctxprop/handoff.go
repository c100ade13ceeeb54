package ctxprop

import (
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
// assignments, composite literals and calls: the collector's field, the
// constructor's parameter, the worker's field are one channel.
//
// Only receives from a field count, outside a select: a local channel is
// the go statement's (waitedOnChannel). A sender inside a function literal
// counts when the literal is a unit of its own. Where the send lies in the
// sender is not weighed: one that signals before its blocking call is
// taken to make the receiver wait for that call too.

// handoffs holds what index found for hand-offs and what was made of it.
type handoffs struct {
	sends []chanSend
	// class maps a channel variable, field or parameter to its
	// representative: those that hold one channel share one (made on
	// the first receive walked).
	class   map[types.Object]types.Object
	senders map[types.Object][]*unit // by representative
}

// chanSend is a send on, or a close of, a channel named by a variable or
// field, in a function of the package.
type chanSend struct {
	ch   types.Object
	decl *ast.FuncDecl
	lit  *ast.FuncLit // the innermost literal around it, if any
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
	if sel, ok := ast.Unparen(u.X).(*ast.SelectorExpr); !ok || a.chanObj(sel) == nil {
		return
	}
	// stack ends select { case <-x.f: }'s CommClause, its Comm and the
	// receive.
	if n := len(stack); n >= 3 {
		if cc, ok := stack[n-3].(*ast.CommClause); ok && stack[n-2] == cc.Comm {
			return
		}
	}
	a.nodes = append(a.nodes, u)
}

// indexSend records a send on, or a close of, a named channel that ends
// what its function does: the last statement of its block but for a
// return or a break, or deferred. One followed by more work (a request
// acknowledged, then served; a stop request sent, then its answer waited
// for) lets its receiver go before that work.
func (a *pkgAnalysis) indexSend(ch ast.Expr, stack []ast.Node) {
	obj := a.chanObj(ch)
	if obj == nil || !endsBlock(stack) {
		return
	}
	s := chanSend{ch: obj}
	for i := len(stack) - 1; i >= 0 && s.decl == nil; i-- {
		switch n := stack[i].(type) {
		case *ast.FuncLit:
			if s.lit == nil {
				s.lit = n
			}
		case *ast.FuncDecl:
			s.decl = n
		}
	}
	a.handoff.sends = append(a.handoff.sends, s)
}

// endsBlock reports whether the statement stack ends in (a send, or a
// close's expression statement) is deferred, or is followed in its block
// only by returns and branches.
func endsBlock(stack []ast.Node) bool {
	i := len(stack) - 1
	if _, ok := stack[i].(*ast.CallExpr); ok && i > 0 { // close(ch)
		i--
	}
	if _, ok := stack[i].(*ast.DeferStmt); ok || i == 0 {
		return ok
	}
	list, ok := astwalk.Stmts(stack[i-1])
	st, isStmt := stack[i].(ast.Stmt)
	at := slices.Index(list, st)
	if !ok || !isStmt || at < 0 {
		return false
	}
	for _, st := range list[at+1:] {
		switch st.(type) {
		case *ast.ReturnStmt, *ast.BranchStmt, *ast.EmptyStmt:
		default:
			return false
		}
	}
	return true
}

// find returns the representative of obj's channel.
func (h *handoffs) find(obj types.Object) types.Object {
	for {
		p, ok := h.class[obj]
		if !ok || p == obj {
			return obj
		}
		h.class[obj] = h.class[p] // halve the path
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
	for fn, sites := range a.calls {
		params := fn.Signature().Params()
		for i := range params.Len() {
			p := params.At(i)
			if _, ok := typeUnder(p.Type()).(*types.Chan); !ok {
				continue
			}
			for _, site := range sites {
				if i < len(site.call.Args) && !(fn.Signature().Variadic() && i == params.Len()-1) {
					join(p.Origin(), site.call.Args[i])
				}
			}
		}
	}
	for _, s := range h.sends {
		var u *unit
		if s.lit != nil {
			u = a.litUnits[s.lit]
		} else if fn, ok := a.info.Defs[s.decl.Name].(*types.Func); ok {
			u = a.funcUnits[fn]
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

// handoffTargets returns the units that send on the channel recv receives
// from, other than the receiving function (a loop closing its own channel
// as it stops).
func (w *walker) handoffTargets(recv *ast.UnaryExpr) []target {
	a := w.a
	if a.handoff.class == nil {
		a.classify()
	}
	own := a.declAt(recv.Pos())
	var out []target
	for _, u := range a.handoff.senders[a.handoff.find(a.chanObj(recv.X))] {
		if u != w.u && (u.lit != nil || u.decl != own) {
			out = append(out, target{unit: u})
		}
	}
	return out
}

// received records the wait at a receive from a field channel: a dynamic
// hop into each function that sends on it.
func (w *walker) received(recv *ast.UnaryExpr) {
	if targets := w.handoffTargets(recv); len(targets) > 0 {
		w.emit(event{pos: recv.Pos(), dynamic: true, targets: targets})
	}
}
