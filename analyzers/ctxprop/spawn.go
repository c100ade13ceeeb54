package ctxprop

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

// Starts is the fact ctxprop exports for a function that does not run some
// of its function parameters during the call: it starts them in goroutines
// it does not wait for, or stores them for later. A function passed there
// does not block its caller.
type Starts struct {
	Params []int // parameter indices, ascending
}

// AFact marks Starts as an analysis fact.
func (*Starts) AFact() {}

func (s *Starts) String() string {
	parts := make([]string, len(s.Params))
	for i, p := range s.Params {
		parts[i] = fmt.Sprint(p)
	}
	return "runs later parameter " + strings.Join(parts, ", ")
}

// startedParams returns the indices of decl's function parameters that its
// body does not run during the call: it calls them only in go statements
// (go f(), or go func() { ... f() ... }()) when it waits for no goroutine,
// or only stores them (in a variable, field, map, slice or composite
// literal, for a later call: Register(name, f)). Any other use (a call in
// place, a deferred call, passing it on) may run it during the call: the
// parameter is then taken as run in place.
func startedParams(info *types.Info, decl *ast.FuncDecl) []int {
	if decl.Body == nil || decl.Type.Params == nil {
		return nil
	}
	index := make(map[*types.Var]int)
	i := 0
	for _, field := range decl.Type.Params.List {
		if len(field.Names) == 0 {
			i++
		}
		for _, id := range field.Names {
			if v, ok := info.Defs[id].(*types.Var); ok {
				if _, ok := typeUnder(v.Type()).(*types.Signature); ok {
					index[v] = i
				}
			}
			i++
		}
	}
	nparams := i
	if len(index) == 0 {
		return nil
	}
	started := make(map[int]bool)
	stored := make(map[int]bool)
	inPlace := make(map[int]bool)
	param := func(e ast.Expr) (int, bool) {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok {
				i, ok := index[v]
				return i, ok
			}
		}
		return 0, false
	}
	var visit func(n ast.Node, async bool)
	visit = func(n ast.Node, async bool) {
		ast.Inspect(n, func(n ast.Node) bool {
			var call *ast.CallExpr
			funAsync := async
			switch n := n.(type) {
			case *ast.GoStmt:
				// What runs in the new goroutine is the call's function;
				// the arguments are evaluated before it starts. One the
				// function waits for on a channel runs during the call.
				call, funAsync = n.Call, !waitedOnChannel(info, decl.Body, n, nil)
			case *ast.CallExpr:
				call = n
				if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok {
					if b, ok := info.Uses[id].(*types.Builtin); ok && b.Name() == "append" {
						for _, arg := range n.Args {
							if i, ok := param(arg); ok {
								stored[i] = true
							} else {
								visit(arg, async)
							}
						}
						return false
					}
				}
			case *ast.AssignStmt:
				for _, lhs := range n.Lhs {
					visit(lhs, async)
				}
				for _, rhs := range n.Rhs {
					if i, ok := param(rhs); ok {
						stored[i] = true // kept for later: not run now
					} else {
						visit(rhs, async)
					}
				}
				return false
			case *ast.CompositeLit:
				for _, elt := range n.Elts {
					if kv, ok := elt.(*ast.KeyValueExpr); ok {
						visit(kv.Key, async)
						elt = kv.Value
					}
					if i, ok := param(elt); ok {
						stored[i] = true
					} else {
						visit(elt, async)
					}
				}
				return false
			case *ast.Ident:
				if i, ok := param(n); ok {
					inPlace[i] = true // a use other than a call
				}
				return true
			default:
				return true
			}
			if i, ok := param(call.Fun); !ok {
				visit(call.Fun, funAsync)
			} else if funAsync {
				started[i] = true
			} else {
				inPlace[i] = true
			}
			for _, arg := range call.Args {
				visit(arg, async)
			}
			return false
		})
	}
	visit(decl.Body, false)
	if len(started)+len(stored) == 0 {
		return nil
	}
	joins := len(started) > 0 && waitsForGoroutines(info, decl.Body)
	var out []int
	for i := range nparams {
		runsNow := inPlace[i] || started[i] && joins
		if (started[i] || stored[i]) && !runsNow {
			out = append(out, i)
		}
	}
	slices.Sort(out)
	return out
}

// startsParam reports whether fn runs its parameter i only in goroutines it
// does not wait for.
func (a *pkgAnalysis) startsParam(fn *types.Func, i int) bool {
	fn = fn.Origin()
	params, ok := a.started[fn]
	if !ok {
		if fn.Pkg() == a.pass.Pkg {
			if u := a.funcUnits[fn]; u != nil {
				params = startedParams(a.info, u.decl)
			}
		} else {
			var s Starts
			if a.pass.ImportObjectFact(fn, &s) {
				params = s.Params
			}
		}
		put(&a.started, fn, params)
	}
	return slices.Contains(params, i)
}

// exportStarts attaches a Starts fact to the package's functions that
// start a parameter. It runs before the fast path: a helper package that
// reaches no sink still decides whether its callers block.
func exportStarts(pass *analysis.Pass) {
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			decl, ok := d.(*ast.FuncDecl)
			if !ok || decl.Body == nil {
				continue
			}
			if fn, ok := pass.TypesInfo.Defs[decl.Name].(*types.Func); ok {
				if params := startedParams(pass.TypesInfo, decl); len(params) > 0 {
					pass.ExportObjectFact(fn, &Starts{Params: params})
				}
			}
		}
	}
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
			for i, arg := range g.Call.Args {
				if i >= params.Len() || !senders[params.At(i).Origin()] {
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
			if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok && len(n.Args) == 1 {
				if b, ok := info.Uses[id].(*types.Builtin); ok && b.Name() == "close" {
					use(n.Args[0])
				}
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
		return ok && sel.Sel.Name == "Done" && isContext(info.TypeOf(sel.X))
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
