package ctxprop

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/ctxlint/ctxlint/internal/ctxtypes"
	"golang.org/x/tools/go/types/typeutil"
)

// Joins: whether a function waits for the goroutines it starts, through a
// WaitGroup or errgroup Wait, or a receive from a channel the goroutine
// sends on or closes. What a goroutine waited for reaches blocks its
// starter; one not waited for does not, unless -ctxprop.async is set.

// Joins reports whether body, a function's, waits for the goroutine g
// starts, as ctxprop decides it: body waits on a sync.WaitGroup or an
// errgroup.Group, or receives from a channel the goroutine sends on or
// closes. The goroutine's calls are then the function's own, on the
// paths through it. bodyOf gives the body of a function of the package
// (nil when it is not known): a goroutine that runs one sends on the
// channels g passes it.
func Joins(info *types.Info, body ast.Node, g *ast.GoStmt, bodyOf func(*types.Func) ast.Node) bool {
	return waitsForGoroutines(info, body) || waitedOnChannel(info, body, g, bodyOf)
}

// waitsForGoroutines reports whether n waits for the goroutines it starts.
func waitsForGoroutines(info *types.Info, n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && !found {
			if fn, ok := typeutil.Callee(info, call).(*types.Func); ok && fn.Name() == "Wait" {
				switch fn.Origin().FullName() {
				case "(*sync.WaitGroup).Wait", "(*golang.org/x/sync/errgroup.Group).Wait":
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// waitsForGoroutines reports whether the unit waits for the goroutines it
// starts, looked up at its first go statement.
func (w *walker) waitsForGoroutines() bool {
	if w.waits == 0 {
		w.waits = 1
		if waitsForGoroutines(w.a.info, w.u.body) {
			w.waits = 2
		}
	}
	return w.waits == 2
}

// bodyOf returns the body of a function declared in the package, or nil
// for one of a generated file (as -fix, which does not edit those, sees
// it).
func (a *pkgAnalysis) bodyOf(fn *types.Func) ast.Node {
	if u := a.funcUnits[fn]; u != nil && u.decl != nil && u.decl.Body != nil && !a.generatedPos(u.decl.Pos()) {
		return u.decl.Body
	}
	return nil
}

// waitedOnChannel reports whether body, the function around the go
// statement g, waits for the goroutine by receiving from a channel the
// goroutine sends on or closes (done <- f(); ... <-done): the goroutine
// then runs during the function, as one it joins with a WaitGroup does.
// The goroutine runs a literal, whose sends on the function's variables
// count, or a function of the package (bodyOf gives its body; nil when
// none is known), whose sends on its parameters count for the arguments
// g passes them (go fetch(name, results)). Receives inside other function
// literals are not the function's own.
func waitedOnChannel(info *types.Info, body ast.Node, g *ast.GoStmt, bodyOf func(*types.Func) ast.Node) bool {
	if body == nil {
		return false
	}
	sent := map[types.Object]bool{}
	if lit, ok := ast.Unparen(g.Call.Fun).(*ast.FuncLit); ok {
		for obj := range sentOn(info, lit.Body) {
			if obj.Pos() < lit.Pos() || obj.Pos() >= lit.End() { // not declared in the goroutine
				sent[obj] = true
			}
		}
	} else if fn, ok := typeutil.Callee(info, g.Call).(*types.Func); ok && bodyOf != nil {
		if fbody := bodyOf(fn.Origin()); fbody != nil {
			params := fn.Signature().Params()
			senders := sentOn(info, fbody)
			shift := methodExprShift(info, g.Call.Fun) // go (*T).m(x, ch): x is the receiver
			for j, arg := range g.Call.Args {
				i := j - shift
				if i < 0 || i >= params.Len() || !senders[params.At(i).Origin()] {
					continue
				}
				if id, ok := ast.Unparen(arg).(*ast.Ident); ok && info.Uses[id] != nil {
					sent[info.Uses[id]] = true
				}
			}
		}
	}
	if len(sent) == 0 {
		return false
	}
	recvFrom := func(e ast.Expr) bool {
		u, ok := ast.Unparen(e).(*ast.UnaryExpr)
		if !ok || u.Op != token.ARROW {
			return false
		}
		id, ok := ast.Unparen(u.X).(*ast.Ident)
		return ok && sent[info.Uses[id]]
	}
	waited := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.SelectStmt:
			// A select that can also give up (a context's Done, a case
			// that returns) waits only as long as the other case allows.
			receives, givesUp := false, false
			for _, c := range n.Body.List {
				cc := c.(*ast.CommClause)
				if commRecv(cc, recvFrom) {
					receives = true
				} else if leavesEarly(info, cc) {
					givesUp = true
				}
			}
			if receives && !givesUp {
				waited = true
			}
			return false
		case *ast.UnaryExpr:
			waited = waited || recvFrom(n)
		case *ast.RangeStmt:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && sent[info.Uses[id]] {
				waited = true
			}
		}
		return !waited
	})
	return waited
}

// sentOn returns the variables whose channels body sends on or closes.
func sentOn(info *types.Info, body ast.Node) map[types.Object]bool {
	sent := map[types.Object]bool{}
	use := func(e ast.Expr) {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok && info.Uses[id] != nil {
			sent[info.Uses[id]] = true
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SendStmt:
			use(n.Chan)
		case *ast.CallExpr:
			if len(n.Args) == 1 && isBuiltin(info, n, "close") {
				use(n.Args[0])
			}
		}
		return true
	})
	return sent
}

// commRecv reports whether the select case receives with recv.
func commRecv(cc *ast.CommClause, recv func(ast.Expr) bool) bool {
	switch c := cc.Comm.(type) {
	case *ast.ExprStmt:
		return recv(c.X)
	case *ast.AssignStmt:
		return len(c.Rhs) == 1 && recv(c.Rhs[0])
	}
	return false
}

// leavesEarly reports whether a select case ends the wait: it receives
// from a context's Done, or its body returns.
func leavesEarly(info *types.Info, cc *ast.CommClause) bool {
	done := commRecv(cc, func(e ast.Expr) bool {
		u, ok := ast.Unparen(e).(*ast.UnaryExpr)
		if !ok {
			return false
		}
		call, ok := ast.Unparen(u.X).(*ast.CallExpr)
		if !ok {
			return false
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		return ok && sel.Sel.Name == "Done" && ctxtypes.IsContext(info.TypeOf(sel.X))
	})
	if done {
		return true
	}
	returns := false
	for _, st := range cc.Body {
		ast.Inspect(st, func(n ast.Node) bool {
			switch n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				returns = true
			}
			return !returns
		})
	}
	return returns
}
