package ctxprop

import (
	"go/ast"
	"go/types"
	"slices"
)

// Func-typed fields are told apart by object, not by struct type, where
// that is sound: a cache calling its loader field (c.load(k)) runs the
// loader its constructor stored in that cache, not every loader of every
// cache. A call through a field of the receiver or of a parameter is
// recorded in the function's summary (a FieldCall); each caller that sees
// how the object was built (a composite literal, a constructor's
// Constructs fact, a variable or field assigned only those) resolves the
// call to the function stored, and drops the reaches the call graph gave
// the field call, which merge every object of the type. A caller that
// cannot tell keeps them: resolving by object only ever narrows a field
// call that the type-based answer covers.
//
// The field must be one only construction writes: unexported (no other
// package can write it) and never assigned by a statement in its package
// (x.load = f, or *x = T{...}) but its constructors' (built.go), so that
// what a constructor stored is what the object holds for its life. A
// field written after construction too is open: what the constructor
// stored is one of the functions it may hold, so callers add it to the
// type-based answer instead of replacing it. That answer only knows the
// functions in the callee package's view, where the constructor's
// argument may not be.
//
// The steps, file by file: constructs.go scans constructors and setters
// before the fast path; this file records a unit's field calls as its
// events are built; forward.go makes a callee's field call its caller's
// when the caller passes its own object on; fieldresolve.go resolves them
// at each call site; fieldapply.go adds what they run to the reaches.

// fieldCall is a unit's FieldCall while the package is analysed: a call
// through a field made at ev, or one a callee makes that ev passes the
// unit's object to (forwarded; forward.go).
type fieldCall struct {
	ev            *event
	param         int
	path, pkg     string
	open, setters bool
	// forwarded holds the callee's field call, for its hops and its
	// arguments in this unit's terms; nil for a call made here.
	forwarded *forwardedCall
}

// emitDynamic emits a call through the function value fun (a call of it
// when call is set, else a use that runs it), and records it as a field call of the unit when fun is one: then even with no
// target, for callers to resolve.
func (w *walker) emitDynamic(ev event, fun ast.Expr, call *ast.CallExpr) {
	var param int
	var fields []*types.Var
	ok := false
	if call != nil {
		param, fields, ok = w.fieldCallOf(fun)
	}
	if len(ev.targets) == 0 && !ok {
		return
	}
	w.emit(ev)
	if !ok {
		return
	}
	last := w.events[len(w.events)-1]
	if w.a.ignoring(last) != nil {
		return // suppressed on its line: nothing goes through it
	}
	// What writes the first field decides; the rest are held by value in
	// it, and only through it can they be written.
	first := fields[0].Origin()
	assigned, setters := w.a.fieldAssigned[first], w.a.fieldSetters[first]
	w.u.fields = append(w.u.fields, &fieldCall{ev: last, param: param, path: fieldPath(fields), pkg: first.Pkg().Path(),
		open: assigned || setters, setters: setters && !assigned})
	last.field = len(w.u.fields)
}

// fieldCallOf reports whether fun, called in the unit, is a func-typed
// field (on a path of fields, the first unexported and the package's own)
// of the unit's receiver or a parameter.
func (w *walker) fieldCallOf(fun ast.Expr) (param int, fields []*types.Var, ok bool) {
	a, u := w.a, w.u
	if u.fn == nil || u.root != nil || fun == nil {
		return 0, nil, false
	}
	base, fields, ok := fieldChain(a.info, fun)
	if !ok || fields[0].Pkg() != a.pass.Pkg || fields[0].Exported() {
		return 0, nil, false
	}
	obj := a.info.Uses[base]
	if obj == nil {
		return 0, nil, false
	}
	if param = receiverOrParam(u.decl, a.info, obj); param == -2 {
		return 0, nil, false
	}
	return param, fields, true
}

// fieldFacts returns a target's field calls as its summary says them.
func (a *pkgAnalysis) fieldFacts(t target) []FieldCall {
	if t.summary != nil {
		return t.summary.Fields
	}
	u := t.unit
	if len(u.fields) > 0 && u.fieldFacts == nil {
		u.fieldFacts = make([]FieldCall, len(u.fields))
		for i, fc := range u.fields {
			u.fieldFacts[i] = a.fieldFact(u, fc)
		}
	}
	return u.fieldFacts
}

// fieldFact is one of u's field calls as its summary says it.
func (a *pkgAnalysis) fieldFact(u *unit, fc *fieldCall) FieldCall {
	a.eventHops(u, fc.ev)
	f := FieldCall{Param: fc.param, Field: fc.path, FieldPkg: fc.pkg, Open: fc.open, Setters: fc.setters,
		Path: slices.Clone(fc.ev.hops)}
	if fw := fc.forwarded; fw != nil {
		f.Args = fw.args
		f.Path = append(f.Path, fw.tail...)
		return f
	}
	f.Args = make([]ArgState, len(fc.ev.args))
	for j, s := range fc.ev.args {
		f.Args[j] = argState(s)
	}
	return f
}
