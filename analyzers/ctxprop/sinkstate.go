package ctxprop

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// The context a sink call runs under, by the sink's rule: its context
// argument, its request's, its command's, or the one SetContext gave its
// receiver; and the context an options value carries into another
// module's call.

// sinkState is the context a sink call runs under.
func (w *walker) sinkState(call *ast.CallExpr, rule sinkRule) ctxState {
	return w.sinkStateAt(call, rule, ast.Unparen(call.Fun), 0)
}

// sinkStateAt is sinkState for a sink called through a value: ref is the
// method value (its receiver is the sink's), shift the arguments taken by a
// method expression's receiver.
func (w *walker) sinkStateAt(call *ast.CallExpr, rule sinkRule, ref ast.Expr, shift int) ctxState {
	if sel, ok := ref.(*ast.SelectorExpr); ok && shift == 0 {
		ref = sel.X // the receiver
	} else {
		ref = nil // a function: no receiver
	}
	var s ctxState
	switch rule.source {
	case noContext:
		s = unboundedBy("it takes no context")
		if rule.ctxForm != "" {
			s = unboundedBy("it takes no context; %s takes one", rule.ctxForm)
		}
	case ctxArg, requestArg:
		c := ctxCarrier
		if rule.source == requestArg {
			c = requestCarrier
		}
		if i := rule.arg + shift; i < len(call.Args) {
			s = w.env.eval(call.Args[i], c)
		} else {
			s = unboundedBy("no %s argument", carrierNoun(c))
		}
	case setContext:
		s = unboundedBy("the request's context was never set (SetContext)")
		if ref != nil && shift == 0 {
			if arg := w.setContextArg(ref, call); arg != nil {
				s = w.env.eval(arg, ctxCarrier)
			}
		}
	case cmdReceiver:
		s = unboundedBy("command of unknown origin")
		if ref != nil && shift == 0 {
			s = w.env.eval(ref, cmdCarrier)
		} else if shift == 1 && len(call.Args) > 0 {
			s = w.env.eval(call.Args[0], cmdCarrier)
		}
	}
	if s.kind == bounded {
		return s
	}
	if rule.timeout != "" {
		s.timeout = rule.timeout
	}
	if rule.clientTimeout && ref != nil && shift == 0 {
		if t := w.a.clientTimeout(ref, 0); t != "" {
			s.timeout = t
		}
	}
	return s
}

// optionsContext returns the context an argument of call carries through
// an options builder (x.WithContext(ctx), directly or through the local
// it was assigned to), or nil.
func (w *walker) optionsContext(call *ast.CallExpr) *ctxState {
	var found ast.Expr
	var look func(e ast.Expr, depth int)
	look = func(e ast.Expr, depth int) {
		ast.Inspect(e, func(n ast.Node) bool {
			if found != nil {
				return false
			}
			switch n := n.(type) {
			case *ast.CallExpr:
				if fn, ok := typeutil.Callee(w.a.info, n).(*types.Func); ok && setsContext(fn) && fn.Name() == "WithContext" && len(n.Args) == 1 {
					found = n.Args[0]
					return false
				}
			case *ast.Ident:
				if v, ok := w.a.objOf(n).(*types.Var); ok && depth < 2 && v.Parent() != v.Pkg().Scope() {
					for _, val := range w.a.assigns[v] {
						look(val, depth+1)
					}
				}
			}
			return true
		})
	}
	for _, arg := range call.Args {
		look(arg, 0)
	}
	if found == nil {
		return nil
	}
	s := w.env.eval(found, ctxCarrier)
	return &s
}

// setContextArg returns the context given to recv.SetContext last before
// call in the unit's body, recv being a local variable; nil if none.
func (w *walker) setContextArg(recv ast.Expr, call *ast.CallExpr) ast.Expr {
	id, ok := ast.Unparen(recv).(*ast.Ident)
	if !ok {
		return nil
	}
	obj := w.a.objOf(id)
	var body ast.Node = w.u.body
	if w.u.decl != nil {
		body = w.u.decl.Body
	}
	var arg ast.Expr
	ast.Inspect(body, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || c.Pos() >= call.Pos() || len(c.Args) != 1 {
			return true
		}
		if sel, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "SetContext" {
			if x, ok := ast.Unparen(sel.X).(*ast.Ident); ok && w.a.objOf(x) == obj {
				arg = c.Args[0]
			}
		}
		return true
	})
	return arg
}

// clientTimeout finds the Timeout of the *http.Client that x evaluates to,
// if it was built in this package with one.
func (a *pkgAnalysis) clientTimeout(x ast.Expr, depth int) string {
	if depth > 3 {
		return ""
	}
	var values []ast.Expr
	switch x := ast.Unparen(x).(type) {
	case *ast.UnaryExpr:
		return a.clientTimeout(x.X, depth+1)
	case *ast.CompositeLit:
		for _, elt := range x.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Timeout" {
					return "the client's Timeout (" + types.ExprString(kv.Value) + ")"
				}
			}
		}
		return ""
	case *ast.Ident:
		if obj := a.objOf(x); obj != nil {
			values = a.assigns[obj]
		}
	case *ast.SelectorExpr:
		if sel, ok := a.info.Selections[x]; ok && sel.Kind() == types.FieldVal {
			values = a.fieldValues[sel.Obj().(*types.Var)]
		}
	}
	for _, v := range values {
		if t := a.clientTimeout(v, depth+1); t != "" {
			return t
		}
	}
	return ""
}
