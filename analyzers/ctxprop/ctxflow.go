package ctxprop

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/ctxlint/ctxlint/internal/ctxtypes"
	"golang.org/x/tools/go/types/typeutil"
)

// stateKind orders context states from best to worst.
type stateKind uint8

const (
	bounded   stateKind = iota // derived from the loop's health tick
	fromParam                  // bounded iff the caller's argument is
	unbounded
)

// ctxState is what is known of the context a call runs under.
type ctxState struct {
	kind    stateKind
	param   int
	why     string // unbounded: the reason, as shown to users
	timeout string // a timeout that exists but is not the loop's
	origin  string // file:line:col of the context.Background() or TODO() it comes from, or of the field read
}

func unboundedBy(format string, args ...any) ctxState {
	return ctxState{kind: unbounded, why: fmt.Sprintf(format, args...)}
}

// join is the state of a variable assigned both: the worse one.
func (s ctxState) join(t ctxState) ctxState {
	if t.kind > s.kind {
		return t
	}
	return s
}

// carrier is a type whose values carry a context, or a deadline, from a
// caller to the blocking call.
type carrier uint8

const (
	notCarrier carrier = iota
	ctxCarrier
	requestCarrier
	cmdCarrier
	timeCarrier
)

func carrierOf(t types.Type) carrier {
	switch {
	case ctxtypes.IsContext(t):
		return ctxCarrier
	case isNamedPtr(t, "net/http", "Request"):
		return requestCarrier
	case isNamedPtr(t, "os/exec", "Cmd"):
		return cmdCarrier
	case isNamed(t, "time", "Time"), isNamed(t, "time", "Duration"):
		return timeCarrier
	}
	return notCarrier
}

func isNamed(t types.Type, pkg, name string) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == pkg && n.Obj().Name() == name
}

func isNamedPtr(t types.Type, pkg, name string) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	return ok && isNamed(p.Elem(), pkg, name)
}

// env is what a unit's expressions are evaluated against.
type env struct {
	a      *pkgAnalysis
	params map[types.Object]int // the unit's carrier parameters, by index
	// ticks holds the variables that received a health tick; only roots
	// have them.
	ticks map[types.Object]bool
	// ownTicks are a monitored function's (root.ownTicks).
	ownTicks map[types.Object]bool
	// ownTimeout: the unit is a monitored function without ticks (a
	// periodic loop of an agent with no health runtime), whose iteration
	// is bounded by a deadline or timeout it derives itself.
	ownTimeout bool
	// litParams are parameters of inlined function literals whose context
	// is taken to be the enclosing call's (retry(ctx, func(ctx) {...})).
	litParams map[types.Object]ctxState
	visiting  map[types.Object]bool
}

func newEnv(a *pkgAnalysis, ftype *ast.FuncType) *env {
	e := &env{a: a} // maps are made on first write: most units write few
	if ftype == nil || ftype.Params == nil {
		return e
	}
	i := 0
	for _, field := range ftype.Params.List {
		names := field.Names
		if len(names) == 0 {
			i++
			continue
		}
		for _, id := range names {
			if obj := a.info.Defs[id]; obj != nil && carrierOf(obj.Type()) != notCarrier {
				put(&e.params, obj, i)
			}
			i++
		}
	}
	return e
}

// put sets (*m)[k], making the map on first use.
func put[K comparable, V any](m *map[K]V, k K, v V) {
	if *m == nil {
		*m = make(map[K]V)
	}
	(*m)[k] = v
}

// eval returns the state of expr as a carrier of kind c.
func (e *env) eval(expr ast.Expr, c carrier) ctxState {
	expr = ast.Unparen(expr)
	if c == timeCarrier {
		return e.evalTime(expr)
	}
	switch x := expr.(type) {
	case *ast.Ident:
		return e.evalVar(x, c)
	case *ast.SelectorExpr:
		if sel, ok := e.a.info.Selections[x]; ok && sel.Kind() == types.FieldVal {
			s := unboundedBy("%s kept in struct field %s", carrierNoun(c), types.ExprString(x))
			if c == ctxCarrier {
				s.origin = e.a.position(x.Pos()) // -fix passes the path's context here instead
			}
			return s
		}
		if _, ok := e.a.info.Uses[x.Sel].(*types.Var); ok {
			return unboundedBy("package-level %s %s", carrierNoun(c), types.ExprString(x))
		}
	case *ast.CallExpr:
		return e.evalCall(x, c)
	case *ast.UnaryExpr:
		// &exec.Cmd{...}, &http.Request{...}: built without a context.
		if _, ok := x.X.(*ast.CompositeLit); ok && x.Op == token.AND {
			return unboundedBy("%s built as a composite literal, without a context", carrierNoun(c))
		}
	}
	return unboundedBy("%s of unknown origin (%s)", carrierNoun(c), types.ExprString(expr))
}

func carrierNoun(c carrier) string {
	switch c {
	case requestCarrier:
		return "request"
	case cmdCarrier:
		return "command"
	case timeCarrier:
		return "deadline"
	}
	return "context"
}

func (e *env) evalVar(id *ast.Ident, c carrier) ctxState {
	obj := e.a.objOf(id)
	if obj == nil {
		if id.Name == "nil" {
			return unboundedBy("nil %s", carrierNoun(c))
		}
		return unboundedBy("%s of unknown origin", carrierNoun(c))
	}
	return e.evalObj(obj, c)
}

// evalObj is the state of a variable, from everything assigned to it.
func (e *env) evalObj(obj types.Object, c carrier) ctxState {
	if i, ok := e.params[obj]; ok {
		// A parameter the function reassigns (ctx = context.WithoutCancel(ctx))
		// is as good as what it is assigned; the caller's value counts where
		// the assignment refers to it.
		if len(e.a.assigns[obj]) == 0 || e.visiting[obj] {
			return ctxState{kind: fromParam, param: i}
		}
		return e.evalAssigns(obj, c)
	}
	if s, ok := e.litParams[obj]; ok {
		return s
	}
	v, ok := obj.(*types.Var)
	if !ok {
		return unboundedBy("%s %s", carrierNoun(c), obj.Name())
	}
	if v.Pkg() != nil && v.Parent() == v.Pkg().Scope() {
		return unboundedBy("package-level %s %s", carrierNoun(c), obj.Name())
	}
	if len(e.a.assigns[obj]) == 0 {
		if isParam(v) {
			return unboundedBy("%s %s is a parameter of an enclosing function", carrierNoun(c), obj.Name())
		}
		return unboundedBy("%s %s of unknown origin", carrierNoun(c), obj.Name())
	}
	if e.visiting[obj] {
		return ctxState{kind: bounded} // a cycle adds nothing: join of the other assignments
	}
	return e.evalAssigns(obj, c)
}

// evalAssigns joins the states of every value assigned to obj, with obj
// marked as being visited so that a cycle through it ends.
func (e *env) evalAssigns(obj types.Object, c carrier) ctxState {
	put(&e.visiting, obj, true)
	defer delete(e.visiting, obj)
	s := ctxState{kind: bounded}
	for _, v := range e.a.assigns[obj] {
		s = s.join(e.eval(v, c))
	}
	return s
}

func isParam(v *types.Var) bool {
	// Parameters are declared in a function's scope, whose parent is the
	// file scope or another function's; locals are in nested blocks.
	return v.Parent() != nil && v.Parent().Parent() != nil && v.Parent().Parent() != v.Pkg().Scope() &&
		v.Kind() == types.ParamVar
}

// evalCall handles the calls that make or derive a context, request or
// command.
func (e *env) evalCall(call *ast.CallExpr, c carrier) ctxState {
	fn, _ := typeutil.Callee(e.a.info, call).(*types.Func)
	if fn == nil {
		// A function value given a context first (execCommand(ctx, ...),
		// set to exec.CommandContext and swapped by tests) builds what it
		// returns under that context, as its context form would.
		if sig, ok := e.a.info.TypeOf(call.Fun).Underlying().(*types.Signature); ok && sig.Params().Len() > 0 && ctxtypes.IsContext(sig.Params().At(0).Type()) && len(call.Args) > 0 {
			return e.eval(call.Args[0], ctxCarrier)
		}
		return unboundedBy("%s returned by %s", carrierNoun(c), types.ExprString(call.Fun))
	}
	// golang.org/x/net/context wraps the standard library's functions.
	name := strings.Replace(fn.Origin().FullName(), "golang.org/x/net/context.", "context.", 1)
	arg := func(i int) ast.Expr {
		if i < len(call.Args) {
			return call.Args[i]
		}
		return nil
	}
	switch name {
	case "context.Background":
		s := unboundedBy("context.Background()")
		s.origin = e.a.position(call.Pos())
		return s
	case "context.TODO":
		s := unboundedBy("context.TODO()")
		s.origin = e.a.position(call.Pos())
		return s
	case "context.WithCancel", "context.WithCancelCause", "context.WithValue":
		return e.eval(arg(0), ctxCarrier)
	case "context.WithoutCancel":
		return unboundedBy("context.WithoutCancel drops the deadline")
	case "context.WithTimeout", "context.WithTimeoutCause", "context.WithDeadline", "context.WithDeadlineCause":
		return e.evalDeadline(call, arg(0), arg(1), name)
	case "(*net/http.Request).Context":
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			return e.eval(sel.X, requestCarrier)
		}
	case "net/http.NewRequest":
		return unboundedBy("request built with http.NewRequest")
	case "net/http.NewRequestWithContext", "(*net/http.Request).WithContext", "(*net/http.Request).Clone":
		return e.eval(arg(0), ctxCarrier)
	case "net/http/httptest.NewRequest":
		return unboundedBy("request built with httptest.NewRequest")
	case "os/exec.Command":
		return unboundedBy("command built with exec.Command")
	case "os/exec.CommandContext":
		return e.eval(arg(0), ctxCarrier)
	}
	if isHealthPkg(fn.Pkg()) && (fn.Name() == "WithDeadline" || fn.Name() == "WithDeadlineMargin") {
		return e.evalDeadline(call, arg(0), arg(1), "health."+fn.Name())
	}
	if c == ctxCarrier {
		// A helper that returns a context (withRequestID(ctx, id),
		// tracer.Start(ctx, name), errgroup.WithContext(ctx)) derives it from
		// the context it is given, or from a deadline it is given.
		for _, a := range call.Args {
			if t := e.a.info.TypeOf(a); t != nil && ctxtypes.IsContext(t) {
				return e.eval(a, ctxCarrier)
			}
		}
		for _, a := range call.Args {
			if t := e.a.info.TypeOf(a); t != nil && carrierOf(t) == timeCarrier && e.usesTick(a) {
				return ctxState{kind: bounded}
			}
		}
	}
	return unboundedBy("%s returned by %s", carrierNoun(c), shortFuncName(fn))
}

// evalDeadline: a context with a deadline is bounded when the deadline
// comes from the tick or the parent is bounded; a deadline of its own on an
// unbounded parent is a timeout that is not the loop's.
func (e *env) evalDeadline(call *ast.CallExpr, parent, deadline ast.Expr, name string) ctxState {
	if deadline != nil && (e.usesTick(deadline) || e.ownTick(deadline) || e.ownTimeout) {
		return ctxState{kind: bounded}
	}
	p := e.eval(parent, ctxCarrier)
	if p.kind == bounded {
		return p
	}
	if deadline != nil && p.kind == unbounded {
		// The deadline may come from the caller: bounded iff its is.
		if d := e.evalTime(ast.Unparen(deadline)); d.kind == fromParam {
			d.why = p.why
			return d
		}
	}
	pos := e.a.pass.Fset.Position(call.Pos())
	p.timeout = fmt.Sprintf("%s at %s:%d", name, baseName(pos.Filename), pos.Line)
	return p
}

// ownTick reports whether expr is a monitored function's own tick itself.
func (e *env) ownTick(expr ast.Expr) bool {
	id, ok := ast.Unparen(expr).(*ast.Ident)
	return ok && e.ownTicks[e.a.objOf(id)]
}

func (e *env) evalTime(expr ast.Expr) ctxState {
	if e.usesTick(expr) {
		return ctxState{kind: bounded}
	}
	if id, ok := expr.(*ast.Ident); ok {
		if obj := e.a.objOf(id); obj != nil {
			if i, ok := e.params[obj]; ok {
				return ctxState{kind: fromParam, param: i}
			}
		}
	}
	return unboundedBy("deadline %s not derived from the health tick", types.ExprString(expr))
}

// usesTick reports whether expr is computed from a received health tick.
func (e *env) usesTick(expr ast.Expr) bool {
	found := false
	ast.Inspect(expr, func(n ast.Node) bool {
		if found {
			return false
		}
		switch x := n.(type) {
		case *ast.Ident:
			obj := e.a.objOf(x)
			if obj == nil {
				return true
			}
			if e.ticks[obj] {
				found = true
				return false
			}
			if v, ok := obj.(*types.Var); ok && !e.visiting[obj] && v.Pkg() != nil && v.Parent() != v.Pkg().Scope() {
				// Every value must come from the tick: a deadline set from
				// it in one branch only is not bounded in the other.
				values := e.a.assigns[obj]
				put(&e.visiting, obj, true)
				all := len(values) > 0
				for _, val := range values {
					all = all && e.usesTick(val)
				}
				delete(e.visiting, obj)
				if all {
					found = true
				}
			}
		case *ast.UnaryExpr:
			if x.Op == token.ARROW && e.a.handleChan(x.X) != nil {
				found = true
				return false
			}
		}
		return true
	})
	return found
}
