package ctxprop

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/ctxlint/ctxlint/internal/ctxtypes"
)

// Functions passed as values: a function or literal passed to a call is
// taken to run during it, with the call's context, unless the callee only
// starts it later (spawn.go). A literal is inlined in the unit; a named
// function is a call at the argument.

// callValues takes the functions passed to a call to run during it:
// literals are inlined, named functions and locals bound to functions are
// calls at the argument.
func (w *walker) callValues(call *ast.CallExpr, callee *types.Func) {
	// The callee's parameters, looked up for the first name passed; none
	// for a method expression, whose receiver comes first.
	var params *types.Tuple
	looked := false
	for i, arg := range call.Args {
		if callee != nil && !w.a.cfg.async && w.a.startsParam(callee, i) {
			if !w.joinedLater(call, callee, i) || w.inlineBound(arg, call) {
				continue
			}
		}
		arg = ast.Unparen(arg)
		if lit, ok := arg.(*ast.FuncLit); ok {
			w.inline(lit, call)
			continue
		}
		id := identOf(arg)
		if id == nil {
			continue // only a name can refer to a function or a bound local
		}
		if callee != nil && !looked {
			looked = true
			if methodExprShift(w.a.info, call.Fun) == 0 {
				params = callee.Signature().Params()
			}
		}
		if params != nil && !mayTakeFunc(params, i, callee.Signature().Variadic() && !call.Ellipsis.IsValid()) {
			continue // no function's type: no need to look the argument up
		}
		sig, ok := typeUnder(w.a.info.TypeOf(arg)).(*types.Signature)
		if !ok {
			continue
		}
		if tv, ok := w.a.info.Types[arg]; ok && tv.IsValue() {
			if fn, ok := w.a.info.Uses[id].(*types.Func); ok {
				if params == nil || !w.calledThere(call, callee, i, fn, arg, sig) {
					w.funcValue(fn, arg, arg.Pos(), nil, w.passedArgs(call, sig))
				}
				continue
			}
			if id, ok := arg.(*ast.Ident); ok {
				if v, ok := w.a.objOf(id).(*types.Var); ok && v.Parent() != v.Pkg().Scope() {
					// Literals run as one passed in place: with this
					// function's variables, their context parameter
					// given the call's context, if it passes one.
					if contextArgs(w.a.info, call) <= 1 && w.inlineBound(arg, call) {
						continue
					}
					if _, _, ok := w.a.boundFuncs(v); ok {
						w.dynamicValue(arg, sig, arg.Pos(), nil)
					}
				}
			}
		}
	}
}

// calledThere records fn, passed as argument i of call to callee, a
// function of the package, as run where callee calls that parameter by
// name (g(xs, query), and in g, fetch(x)): the chain goes through the
// call of g and g's call, as the program does, and as -fix threads the
// context. It reports false, recording nothing, when callee has no such
// call (it spreads its functions from a slice, say) or fn is a sink.
func (w *walker) calledThere(call *ast.CallExpr, callee *types.Func, i int, fn *types.Func, arg ast.Expr, sig *types.Signature) bool {
	a := w.a
	g := a.funcUnits[callee.Origin()]
	if g == nil || g.decl == nil || g.sig == nil || i >= g.sig.Params().Len() {
		return false
	}
	inside := a.paramCall(g, g.sig.Params().At(i))
	if inside == nil {
		return false
	}
	t, ok := a.valueTarget(fn, arg)
	if !ok {
		return false
	}
	w.via = append(w.via, call.Pos())
	w.emit(event{pos: inside.Pos(), in: g, dynamic: true, args: w.passedArgs(call, sig), targets: []target{t}})
	w.via = w.via[:len(w.via)-1]
	return true
}

// paramCall returns g's first call of its parameter p by name, or nil.
func (a *pkgAnalysis) paramCall(g *unit, p *types.Var) *ast.CallExpr {
	if c, ok := a.paramCalls[p]; ok {
		return c
	}
	var inside *ast.CallExpr
	ast.Inspect(g.decl.Body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && inside == nil {
			if id, ok := ast.Unparen(c.Fun).(*ast.Ident); ok && a.info.Uses[id] == p {
				inside = c
			}
		}
		return inside == nil
	})
	if a.paramCalls == nil {
		a.paramCalls = make(map[*types.Var]*ast.CallExpr)
	}
	a.paramCalls[p] = inside
	return inside
}

// mayTakeFunc reports whether argument i of a call may be a function,
// from the type of the parameter it is passed to: a function's, an
// interface's or a type parameter's; a value of any other type is none.
// spread says the last parameter's elements take the arguments from it on.
func mayTakeFunc(params *types.Tuple, i int, spread bool) bool {
	n := params.Len()
	if n == 0 {
		return true // a mismatch (the code does not type-check): look
	}
	var t types.Type
	switch {
	case spread && i >= n-1:
		s, ok := params.At(n - 1).Type().Underlying().(*types.Slice)
		if !ok {
			return true // variadic over a type parameter's core type
		}
		t = s.Elem()
	case i < n:
		t = params.At(i).Type()
	default:
		return true
	}
	switch t.Underlying().(type) {
	case *types.Signature, *types.Interface: // a type parameter's is its constraint
		return true
	}
	return false
}

// passedArgs are the arguments a function value of signature sig, passed
// to call, is taken to run with: its context parameters receive call's
// context argument, as a literal's do (firstOf(ctx, xs, r.named) runs
// r.named(ctx, x)). Nil when call passes no context.
func (w *walker) passedArgs(call *ast.CallExpr, sig *types.Signature) []*ctxState {
	var passed *ctxState
	for _, arg := range call.Args {
		if t := w.a.info.TypeOf(arg); t != nil && ctxtypes.IsContext(t) {
			s := w.env.eval(arg, ctxCarrier)
			passed = &s
			break
		}
	}
	if passed == nil {
		return nil
	}
	out := make([]*ctxState, sig.Params().Len())
	for i := range out {
		if ctxtypes.IsContext(sig.Params().At(i).Type()) {
			out[i] = passed
		}
	}
	return out
}

// funcValue records a call of a named function or method used as a value
// (an argument, a field's value, a local): a sink, or its summary. args,
// for a value not called at call, are those it is taken to run with.
func (w *walker) funcValue(fn *types.Func, ref ast.Expr, pos token.Pos, call *ast.CallExpr, args []*ctxState) {
	a := w.a
	fn = fn.Origin()
	shift := methodExprShift(a.info, ref)
	if rule, ok := a.sinkFor(fn); ok {
		if call != nil {
			w.emit(event{pos: pos, dynamic: true, sink: &sinkHit{sinkName(fn), w.sinkStateAt(call, rule, ref, shift)}})
		} else {
			w.emit(event{pos: pos, sink: &sinkHit{sinkName(fn), unboundedBy("%s passed as a function value", shortFuncName(fn))}})
		}
		return
	}
	ev := event{pos: pos, dynamic: call != nil, args: args}
	if call != nil {
		ev.args = w.args(call)
	}
	if t, ok := a.valueTarget(fn, ref); ok {
		ev.targets = []target{t}
		w.emit(ev)
	}
}

// writtenHere reports whether lit, bound to v, is written in the body of
// the function the unit is part of, and v is a local: a call through v
// runs the literal this function made, with its variables (the context it
// captures), as one called or passed in place does. Analysed on its own
// instead, its captured context would be an enclosing function's
// parameter, of unknown bound.
func (w *walker) writtenHere(v *types.Var, lit *ast.FuncLit) bool {
	if v.IsField() || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
		return false
	}
	return contains(w.unitBody(), lit)
}

// valueTarget returns the target of fn, not a sink, used as the value
// ref: its unit or its summary, if it has one.
func (a *pkgAnalysis) valueTarget(fn *types.Func, ref ast.Expr) (target, bool) {
	fn = fn.Origin()
	if _, sink := a.sinkFor(fn); sink {
		return target{}, false
	}
	shift := methodExprShift(a.info, ref)
	if fn.Pkg() == a.pass.Pkg {
		if u := a.funcUnits[fn]; u != nil {
			return target{unit: u, shift: shift}, true
		}
	} else if s := a.importedSummary(fn); s != nil {
		return target{summary: s, shift: shift}, true
	}
	return target{}, false
}

// inline walks a literal's body as part of the unit: it runs now, with the
// unit's variables. Its context parameters are taken to receive the
// enclosing call's context argument.
func (w *walker) inline(lit *ast.FuncLit, call *ast.CallExpr) {
	if w.inlined[lit] {
		return // recursion
	}
	put(&w.inlined, lit, true)
	defer delete(w.inlined, lit)
	var passed *ctxState
	if call != nil {
		for _, arg := range call.Args {
			if t := w.a.info.TypeOf(arg); t != nil && ctxtypes.IsContext(t) {
				s := w.env.eval(arg, ctxCarrier)
				passed = &s
				break
			}
		}
	}
	if lit.Type.Params != nil {
		for _, field := range lit.Type.Params.List {
			for _, id := range field.Names {
				obj := w.a.info.Defs[id]
				if obj == nil || !ctxtypes.IsContext(obj.Type()) {
					continue
				}
				if passed != nil {
					put(&w.env.litParams, obj, *passed)
				} else {
					put(&w.env.litParams, obj, unboundedBy("context parameter %s of a function literal, set by its caller", id.Name))
				}
			}
		}
	}
	w.walk(lit.Body)
}

// funcValueTargets resolves a call through a function value of signature
// sig to every function of that signature used as a value: this package's
// functions and stored literals, and the summarised ones of imported
// packages.
func (a *pkgAnalysis) funcValueTargets(sig *types.Signature) []target {
	key := types.TypeString(sig, nil)
	if t, ok := a.importIndex().bySig[key]; ok {
		return t
	}
	var out []target
	for _, u := range a.units {
		switch {
		case u.root != nil:
		case u.fn != nil && a.addrTaken[u.fn] && sameSignature(u.fn.Signature(), sig):
			out = append(out, target{unit: u})
		case u.lit != nil && u.sig != nil && sameSignature(u.sig, sig) && !a.runsOnlyInPlace(u):
			out = append(out, target{unit: u})
		}
	}
	for _, s := range a.importIndex().values[key] {
		out = append(out, target{summary: s})
	}
	// Functions of other packages stored here, in order for stable paths.
	var stored []*types.Func
	for fn := range a.importedValues {
		if sameSignature(fn.Signature(), sig) {
			stored = append(stored, fn)
		}
	}
	slices.SortFunc(stored, func(x, y *types.Func) int { return strings.Compare(x.FullName(), y.FullName()) })
	for _, fn := range stored {
		if s := a.importedSummary(fn); s != nil {
			out = append(out, target{summary: s})
		}
	}
	a.importIndex().bySig[key] = out
	return out
}

// sameSignature compares parameters and results, ignoring receivers, so a
// method value matches a function of the same shape.
func sameSignature(a, b *types.Signature) bool {
	return a.Variadic() == b.Variadic() &&
		types.Identical(a.Params(), b.Params()) && types.Identical(a.Results(), b.Results())
}

// boundFuncs returns what a function variable or field holds when every
// value stored in it in this package is a function literal or a named
// function (or method value, or method expression): refs are the stored
// literals and the named ones, lits the literals bound to locals, to be
// inlined where they are called.
func (a *pkgAnalysis) boundFuncs(v *types.Var) (refs []ast.Expr, lits []*ast.FuncLit, ok bool) {
	values := a.assigns[v]
	if v.IsField() {
		values = a.fieldValues[v]
	}
	if len(values) == 0 {
		return nil, nil, false
	}
	for _, val := range values {
		switch x := ast.Unparen(val).(type) {
		case *ast.FuncLit:
			if a.litUnits[x] != nil {
				refs = append(refs, x)
			} else {
				lits = append(lits, x)
			}
		case *ast.Ident, *ast.SelectorExpr:
			if _, isFunc := a.info.Uses[identOf(x)].(*types.Func); !isFunc {
				return nil, nil, false
			}
			refs = append(refs, x)
		default:
			return nil, nil, false
		}
	}
	return refs, lits, true
}
