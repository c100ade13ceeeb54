package ctxprop

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
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

// resolvedField is a callee's field call resolved at a call site by the
// object the caller passes: funcs replace the reaches of targets[target]
// that go through the field call.
type resolvedField struct {
	target int
	field  int
	fc     *FieldCall
	funcs  []target
	// exact is set when the caller saw its object's setters called: it
	// knows what the object holds even if the field is set by setters.
	exact bool
}

// fieldScan is what exportConstructs finds before the fast path.
type fieldScan struct {
	constructs map[*types.Func]*Constructs
	// calls is set when a function calls through an unexported func-typed
	// field of its receiver or a parameter: its summary may say so
	// although the package reaches no sink itself.
	calls bool
	// initWrites are the field selectors of statements that set a field of
	// an object while its constructor builds it: they do not make the
	// field one that changes after construction.
	initWrites map[*ast.SelectorExpr]bool
	// builtLits are the literals of those objects: the literal alone does
	// not say what the object's fields hold.
	builtLits map[*ast.CompositeLit]bool
	// setters are the package's setter methods, and setterWrites their
	// statements' field selectors (setters.go).
	setters      map[*types.Func]*Sets
	setterWrites map[*ast.SelectorExpr]bool
}

// exportConstructs attaches a Constructs fact to the package's
// constructors. It runs before the fast path, as exportStarts does: a
// package that blocks on nothing builds the objects importers call
// through.
func exportConstructs(pass *analysis.Pass) fieldScan {
	var scan fieldScan
	// Setters first: a constructor's setup calls them.
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if decl, ok := d.(*ast.FuncDecl); ok && decl.Body != nil {
				if fn, ok := pass.TypesInfo.Defs[decl.Name].(*types.Func); ok {
					if sets := setterFields(pass.TypesInfo, decl, &scan); sets != nil {
						pass.ExportObjectFact(fn, sets)
						put(&scan.setters, fn, sets)
					}
				}
			}
		}
	}
	setsOf := func(fn *types.Func) *Sets { return setsIn(pass, scan.setters, fn) }
	// Without a field to call through, no body is searched for a call.
	mayCall := hasFuncField(pass)
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			decl, ok := d.(*ast.FuncDecl)
			if !ok || decl.Body == nil {
				continue
			}
			fn, ok := pass.TypesInfo.Defs[decl.Name].(*types.Func)
			if !ok {
				continue
			}
			c, built := constructedFields(pass.TypesInfo, decl, setsOf)
			if c != nil {
				pass.ExportObjectFact(fn, c)
				put(&scan.constructs, fn, c)
			}
			built.record(&scan)
			if mayCall && !scan.calls {
				scan.calls = callsParamField(pass, decl)
			}
		}
	}
	return scan
}

// hasFuncField reports whether the package declares an unexported field
// that holds a function (fieldChain's paths: through structs by value,
// and embedded fields of either kind), or may (of a type parameter's
// type): the first field of any path callsParamField looks for.
func hasFuncField(pass *analysis.Pass) bool {
	seen := make(map[*types.Struct]bool)
	var holds func(t types.Type, embedded bool) bool
	holds = func(t types.Type, embedded bool) bool {
		if _, ok := t.(*types.TypeParam); ok {
			return true
		}
		if p, ok := typeUnder(t).(*types.Pointer); ok && embedded {
			t = p.Elem()
		}
		switch t := typeUnder(t).(type) {
		case *types.Signature:
			return true
		case *types.Struct:
			if seen[t] {
				return false
			}
			seen[t] = true
			for f := range t.Fields() {
				if holds(f.Type(), f.Embedded()) {
					return true
				}
			}
		}
		return false
	}
	for _, obj := range pass.TypesInfo.Defs {
		if f, ok := obj.(*types.Var); ok && f.IsField() && !f.Exported() && f.Pkg() == pass.Pkg && holds(f.Type(), f.Embedded()) {
			return true
		}
	}
	return false
}

// constructedFields returns what decl's returns build, or nil, and the
// objects decl builds and sets by statement (h := &T{}; h.f = v; return h).
func constructedFields(info *types.Info, decl *ast.FuncDecl, setsOf func(*types.Func) *Sets) (*Constructs, *builtObjects) {
	results := decl.Type.Results
	if results == nil || decl.Type.Params == nil {
		return nil, nil
	}
	// By index; a few, so a slice, not a map: this runs on every function.
	var params []types.Object
	for _, field := range decl.Type.Params.List {
		if len(field.Names) == 0 {
			params = append(params, nil)
		}
		for _, id := range field.Names {
			params = append(params, info.Defs[id])
		}
	}
	from := func(val ast.Expr) int {
		if id, ok := ast.Unparen(val).(*ast.Ident); ok {
			if obj := info.Uses[id]; obj != nil {
				return slices.Index(params, obj)
			}
		}
		return -1
	}
	n := results.NumFields()
	fresh := make([]bool, n) // some return builds result i
	other := make([]bool, n) // some return gives result i otherwise
	fields := make([][]FieldFrom, n)
	var locals []*types.Var // returned locals, decided once the body is read
	returned := make([][]*types.Var, n)
	built := false // some local is defined as a struct literal
	ast.Inspect(decl.Body, func(node ast.Node) bool {
		switch node := node.(type) {
		case *ast.FuncLit:
			return false // its returns are its own
		case *ast.AssignStmt:
			if !built && node.Tok == token.DEFINE {
				built = slices.ContainsFunc(node.Rhs, func(e ast.Expr) bool { return compositeOf(e) != nil })
			}
		case *ast.ValueSpec:
			if !built {
				built = slices.ContainsFunc(node.Values, func(e ast.Expr) bool { return compositeOf(e) != nil })
			}
		case *ast.ReturnStmt:
			if len(node.Results) != n {
				for i := range n {
					other[i] = true // a bare return, or return f()
				}
				return false
			}
			for i, res := range node.Results {
				if id, ok := ast.Unparen(res).(*ast.Ident); ok {
					if v, ok := info.Uses[id].(*types.Var); ok && v.Parent() != nil && v.Parent() != v.Pkg().Scope() && structOrPtr(v.Type()) {
						if !slices.Contains(params, types.Object(v)) {
							returned[i] = append(returned[i], v)
							locals = append(locals, v)
							continue
						}
					}
				}
				lit := compositeOf(res)
				if lit == nil {
					if id, ok := ast.Unparen(res).(*ast.Ident); !ok || info.Uses[id] != types.Universe.Lookup("nil") {
						other[i] = true
					}
					continue
				}
				st, ok := typeUnder(info.TypeOf(lit)).(*types.Struct)
				if !ok {
					other[i] = true
					continue
				}
				fresh[i] = true
				fields[i] = mergeFields(fields[i], litFuncFields(info, st, lit, from))
			}
			return false
		case ast.Expr:
			// What is read here is statements; below an expression
			// there are none but in function literals, skipped above.
			return false
		}
		return true
	})
	var objs *builtObjects
	if built && len(locals) > 0 {
		objs = builtIn(info, decl.Body, locals)
	}
	for i := range n {
		for _, v := range returned[i] {
			obj, ok := objs.object(v)
			if !ok {
				other[i] = true
				continue
			}
			fresh[i] = true
			st := typeUnder(info.TypeOf(obj.lit)).(*types.Struct)
			fields[i] = mergeFields(fields[i], litFuncFields(info, st, obj.lit, from))
			for _, w := range obj.writes {
				if _, ok := typeUnder(w.field.Type()).(*types.Signature); ok {
					fields[i] = mergeFields(fields[i], []FieldFrom{{Field: w.field.Name(), Param: from(w.value)}})
				}
			}
			if storesFuncs(st, 0) {
				fields[i] = mergeFields(fields[i], setupFields(info, decl.Body, v, from, setsOf))
			}
		}
	}
	var c Constructs
	for i := range n {
		// Worth a fact only when a caller's argument, or the object's own
		// method, decides a field.
		if fresh[i] && !other[i] && slices.ContainsFunc(fields[i], func(f FieldFrom) bool { return f.Param >= 0 || f.Method != "" }) {
			c.Results = append(c.Results, Constructed{Result: i, Fields: fields[i]})
		}
	}
	if len(c.Results) == 0 {
		return nil, objs
	}
	return &c, objs
}

// litFuncFields returns the func-typed fields a struct literal sets, and
// which parameter each is set from.
func litFuncFields(info *types.Info, st *types.Struct, lit *ast.CompositeLit, from func(ast.Expr) int) []FieldFrom {
	var out []FieldFrom
	for j, elt := range lit.Elts {
		f, val := litField(info, st, j, elt)
		if f == nil {
			continue
		}
		if _, ok := typeUnder(f.Type()).(*types.Signature); ok {
			out = append(out, FieldFrom{Field: f.Name(), Param: from(val)})
		}
	}
	return out
}

// mergeFields adds to fields what another return, or another statement
// of the same object, sets: a field set from two sources is known by
// neither.
func mergeFields(fields, more []FieldFrom) []FieldFrom {
	for _, m := range more {
		if i := slices.IndexFunc(fields, func(f FieldFrom) bool { return f.Field == m.Field }); i >= 0 {
			if fields[i].Param != m.Param || fields[i].Method != m.Method {
				fields[i].Param, fields[i].Method = -1, ""
			}
			fields[i].Setup = fields[i].Setup && m.Setup
			continue
		}
		fields = append(fields, m)
	}
	return fields
}

// compositeOf returns the composite literal e is, or takes the address
// of.
func compositeOf(e ast.Expr) *ast.CompositeLit {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	lit, _ := e.(*ast.CompositeLit)
	return lit
}

// litField returns the field element j of a struct literal sets, and the
// value.
func litField(info *types.Info, st *types.Struct, j int, elt ast.Expr) (*types.Var, ast.Expr) {
	if kv, ok := elt.(*ast.KeyValueExpr); ok {
		id, ok := kv.Key.(*ast.Ident)
		if !ok {
			return nil, nil
		}
		f, _ := info.Uses[id].(*types.Var)
		return f, kv.Value
	}
	if j < st.NumFields() {
		return st.Field(j), elt
	}
	return nil, nil
}

// callsParamField reports whether decl calls through an unexported
// func-typed field of its package's struct types on its receiver or a
// parameter: the shape a FieldCall records.
func callsParamField(pass *analysis.Pass, decl *ast.FuncDecl) bool {
	found := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if found {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok {
			if base, fields, ok := fieldChain(pass.TypesInfo, call.Fun); ok && fields[0].Pkg() == pass.Pkg && !fields[0].Exported() {
				if obj, ok := pass.TypesInfo.Uses[base].(*types.Var); ok && receiverOrParam(decl, pass.TypesInfo, obj) != -2 {
					found = true
				}
			}
		}
		return true
	})
	return found
}

// receiverOrParam returns -1 when obj is decl's receiver, its index among
// the parameters when it is one, else -2.
func receiverOrParam(decl *ast.FuncDecl, info *types.Info, obj types.Object) int {
	if decl.Recv != nil {
		for _, f := range decl.Recv.List {
			for _, id := range f.Names {
				if info.Defs[id] == obj {
					return -1
				}
			}
		}
	}
	if v, ok := obj.(*types.Var); ok {
		if i, fn := paramIndex(v, decl, info); fn != nil {
			return i
		}
	}
	return -2
}

// constructorOnly reports whether only constructions write field f.
func (a *pkgAnalysis) constructorOnly(f *types.Var) bool {
	return f.Pkg() == a.pass.Pkg && !f.Exported() && !a.fieldAssigned[f.Origin()] && !a.fieldSetters[f.Origin()]
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

// resolveFields resolves, at every call of the unit whose callee calls
// through its object's field, that field call by the object the call
// passes. It runs once every unit's events are built (the callees' field
// calls among them), before the summaries.
func (a *pkgAnalysis) resolveFields(u *unit) {
	for _, ev := range u.events {
		if ev.call == nil {
			continue
		}
		for ti, t := range ev.targets {
			fcs := a.fieldFacts(t)
			for k := range fcs {
				fc := &fcs[k]
				obj, embedded := objectArg(a.info, ev.call, fc.Param, t.shift)
				if obj == nil {
					continue
				}
				path, pkg := strings.Split(fc.Field, "."), fc.FieldPkg
				if len(embedded) > 0 {
					path, pkg = append(fieldNames(embedded), path...), embedded[0].Pkg().Path()
				}
				if funcs, ok, exact := a.objectFuncs(obj, path, pkg, 0); ok {
					ev.resolved = append(ev.resolved, resolvedField{target: ti, field: k, fc: fc, funcs: funcs, exact: exact})
				}
			}
		}
	}
}

// objectArg returns the expression a call passes as its callee's receiver
// (param -1) or parameter, or nil; for a method promoted from a struct
// embedded by value, also the embedded fields the receiver is reached by.
func objectArg(info *types.Info, call *ast.CallExpr, param, shift int) (ast.Expr, []*types.Var) {
	if param < 0 && shift == 0 {
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return nil, nil
		}
		s, ok := info.Selections[sel]
		if !ok || s.Kind() != types.MethodVal {
			return nil, nil
		}
		embedded, ok := promotedVia(s)
		if !ok {
			return nil, nil // through a pointer: another object
		}
		return sel.X, embedded
	}
	i := param + shift
	if i < 0 || i >= len(call.Args) || call.Ellipsis.IsValid() && i == len(call.Args)-1 {
		return nil, nil
	}
	if sig, ok := typeUnder(info.TypeOf(call.Fun)).(*types.Signature); ok && sig.Variadic() && i >= sig.Params().Len()-1 {
		return nil, nil
	}
	return call.Args[i], nil
}

// objectFuncs returns the functions stored at a path of fields (the
// first of package pkg, or of any when pkg is "") of the object obj
// evaluates to; ok is false when that is not known for sure. exact is set
// when obj is a variable whose writes and setter calls were seen.
func (a *pkgAnalysis) objectFuncs(obj ast.Expr, path []string, pkg string, depth int) (out []target, ok, exact bool) {
	if depth > 6 {
		return nil, false, false
	}
	switch x := ast.Unparen(obj).(type) {
	case *ast.UnaryExpr:
		if x.Op == token.AND {
			return a.objectFuncs(x.X, path, pkg, depth+1)
		}
	case *ast.StarExpr:
		return a.objectFuncs(x.X, path, pkg, depth+1)
	case *ast.CompositeLit:
		st, ok := typeUnder(a.info.TypeOf(x)).(*types.Struct)
		if !ok || a.fields.builtLits[x] {
			return nil, false, false
		}
		for j, elt := range x.Elts {
			f, val := litField(a.info, st, j, elt)
			if f == nil || f.Name() != path[0] || pkg != "" && (f.Pkg() == nil || f.Pkg().Path() != pkg) {
				continue
			}
			ts, ok := a.storedFuncs(val, path[1:], depth)
			return ts, ok, false
		}
		return nil, true, false // not set: nil
	case *ast.CallExpr:
		return a.constructedFuncs(x, strings.Join(path, "."), depth)
	case *ast.Ident:
		v, ok := a.objOf(x).(*types.Var)
		if !ok || v.IsField() {
			return nil, false, false
		}
		if _, isParam := a.params[v]; isParam || v.Pkg() != a.pass.Pkg || v.Exported() && v.Parent() == v.Pkg().Scope() {
			return nil, false, false // a caller's, or another package's, to set
		}
		// What the variable's own statements store on the path (a
		// setter call, a write) overwrites what it was built with: the
		// setup seen is the object's.
		for _, w := range a.objectWrites(v) {
			if !hasPrefix(path, w.path) {
				continue
			}
			if w.value == nil {
				return nil, false, false
			}
			ts, ok := a.storedFuncs(w.value, path[len(w.path):], depth)
			if !ok {
				return nil, false, false
			}
			out, exact = append(out, ts...), true
		}
		if exact {
			return out, true, true
		}
		if len(a.assigns[v]) == 0 {
			return nil, false, false
		}
		exact = true
		for _, e := range a.assigns[v] {
			ts, ok, ex := a.objectFuncs(e, path, pkg, depth+1)
			if !ok {
				return nil, false, false
			}
			out, exact = append(out, ts...), exact && ex
		}
		return out, true, exact
	case *ast.SelectorExpr:
		if fs := selectorFields(a.info, x); fs != nil && byValue(fs[len(fs)-1]) {
			// A struct the object holds by value: the path goes on from
			// the object, unless a statement writes it elsewhere.
			for _, f := range fs {
				if f.Pkg() == a.pass.Pkg && a.fieldAssigned[f.Origin()] {
					return nil, false, false
				}
			}
			return a.objectFuncs(x.X, append(fieldNames(fs), path...), fs[0].Pkg().Path(), depth+1)
		}
		if len(path) > 1 {
			return nil, false, false
		}
		f, ok := objectField(a.info, x)
		if !ok || !a.constructorOnly(f) || len(a.fieldValues[f]) == 0 {
			return nil, false, false
		}
		for _, e := range a.fieldValues[f] {
			ts, ok, _ := a.objectFuncs(e, path, pkg, depth+1)
			if !ok {
				return nil, false, false
			}
			out = append(out, ts...)
		}
		return out, true, false
	}
	return nil, false, false
}

// storedFuncs returns what a value stored on the way to a func-typed field
// holds at the rest of the path: the function itself when rest is empty.
func (a *pkgAnalysis) storedFuncs(val ast.Expr, rest []string, depth int) ([]target, bool) {
	if len(rest) == 0 {
		return a.funcTargets(val, depth+1)
	}
	ts, ok, _ := a.objectFuncs(val, rest, "", depth+1)
	return ts, ok
}

// objectField returns x.f's direct struct field f (of any type).
func objectField(info *types.Info, x *ast.SelectorExpr) (*types.Var, bool) {
	s, ok := info.Selections[x]
	if !ok || s.Kind() != types.FieldVal || len(s.Index()) != 1 {
		return nil, false
	}
	f, ok := s.Obj().(*types.Var)
	return f, ok
}

// joinAll joins resolve over every value assigned to a variable or
// field: known only if each is, and there is at least one.
func joinAll(values []ast.Expr, resolve func(ast.Expr) ([]target, bool)) ([]target, bool) {
	if len(values) == 0 {
		return nil, false
	}
	var out []target
	for _, v := range values {
		ts, ok := resolve(v)
		if !ok {
			return nil, false
		}
		out = append(out, ts...)
	}
	return out, true
}

// constructedFuncs resolves the field (or path of fields) of the object a
// constructor call returns, by the constructor's Constructs (its fields
// are its package's: the name is enough). exact is set when the
// constructor's own setup stored every function found.
func (a *pkgAnalysis) constructedFuncs(call *ast.CallExpr, name string, depth int) (out []target, ok, exact bool) {
	fn := typeutil.StaticCallee(a.info, call)
	if fn == nil {
		return nil, false, false
	}
	c := a.constructsOf(fn)
	if c == nil {
		return nil, false, false
	}
	found := false
	exact = true
	for _, r := range c.Results {
		for _, f := range r.Fields {
			if f.Field != name {
				continue
			}
			found, exact = true, exact && f.Setup
			var ts []target
			switch {
			case f.Method != "":
				res := fn.Signature().Results()
				if r.Result >= res.Len() {
					return nil, false, false
				}
				m, _, _ := types.LookupFieldOrMethod(res.At(r.Result).Type(), true, fn.Pkg(), f.Method)
				mfn, isFunc := m.(*types.Func)
				if !isFunc {
					return nil, false, false
				}
				if t, has := a.valueTarget(mfn, nil); has {
					ts = []target{t}
				}
			case f.Param < 0 || f.Param >= len(call.Args) || call.Ellipsis.IsValid():
				return nil, false, false
			default:
				if ts, ok = a.funcTargets(call.Args[f.Param], depth+1); !ok {
					return nil, false, false
				}
			}
			out = append(out, ts...)
		}
	}
	if !found {
		// The constructor builds the object without that field (nil), or
		// it is another result's: known only for a one-result constructor.
		if sig := fn.Signature(); sig.Results().Len() == 1 && len(c.Results) == 1 && !strings.Contains(name, ".") {
			return nil, true, false
		}
		return nil, false, false
	}
	return out, true, exact
}

// constructsOf returns fn's Constructs: computed here for the package's
// own, a fact for another's.
func (a *pkgAnalysis) constructsOf(fn *types.Func) *Constructs {
	fn = fn.Origin()
	if fn.Pkg() == a.pass.Pkg {
		return a.fields.constructs[fn]
	}
	var c Constructs
	if a.pass.ImportObjectFact(fn, &c) {
		return &c
	}
	return nil
}

// constructedParam reports whether callee stores its parameter i in a
// field of the object it builds.
func (a *pkgAnalysis) constructedParam(callee *types.Func, i int) bool {
	c := a.constructsOf(callee)
	if c == nil {
		return false
	}
	for _, r := range c.Results {
		for _, f := range r.Fields {
			if f.Param == i {
				return true
			}
		}
	}
	return false
}

// funcTargets returns what a function value runs: a literal's unit, a
// named function's unit or summary, what a local function variable holds.
func (a *pkgAnalysis) funcTargets(v ast.Expr, depth int) ([]target, bool) {
	if depth > 6 {
		return nil, false
	}
	v = ast.Unparen(v)
	switch x := v.(type) {
	case *ast.FuncLit:
		if u := a.litUnits[x]; u != nil {
			return []target{{unit: u}}, true
		}
		return nil, false
	case *ast.CallExpr:
		if tv, ok := a.info.Types[x.Fun]; ok && tv.IsType() && len(x.Args) == 1 {
			return a.funcTargets(x.Args[0], depth+1) // loader(f)
		}
		return nil, false
	case *ast.Ident, *ast.SelectorExpr:
		id := identOf(x)
		switch obj := a.info.Uses[id].(type) {
		case *types.Nil:
			return nil, true
		case *types.Func:
			fn := obj.Origin()
			if t, ok := a.valueTarget(fn, x); ok {
				return []target{t}, true
			}
			if _, sink := a.sinkFor(fn); sink || fn.Pkg() == a.pass.Pkg {
				return nil, false // a sink as the value: the type-based answer has it
			}
			return nil, true // summarised to nothing: reaches no sink
		case *types.Var:
			if _, isParam := a.params[obj]; isParam || obj.Pkg() != a.pass.Pkg || obj.Exported() && obj.Parent() == obj.Pkg().Scope() {
				return nil, false
			}
			values := a.assigns[obj]
			if obj.IsField() {
				if !a.constructorOnly(obj) {
					return nil, false
				}
				values = a.fieldValues[obj]
			}
			return joinAll(values, func(e ast.Expr) ([]target, bool) { return a.funcTargets(e, depth+1) })
		}
	}
	return nil, false
}

// calleeState is the context, in the terms of the function making the
// field call, that a reach r of ft (a function the object holds) runs
// under: ft's parameter mapped through the field call's arguments.
func (rf resolvedField) calleeState(ft target, r *Reach) ctxState {
	if r.Param < 0 {
		return ctxState{kind: unbounded, why: r.Why, origin: r.Origin}
	}
	i := r.Param + ft.shift
	if i < len(rf.fc.Args) {
		if inner := rf.fc.Args[i].state(); inner != nil {
			return *inner
		}
	}
	return unboundedBy("argument %d of unknown origin", i)
}

// applyField adds what a resolved field call contributes: the reaches of
// the functions the object holds, through the callee's field call.
func (a *pkgAnalysis) applyField(ev *event, rf resolvedField, out map[reachKey]*Reach) {
	t := ev.targets[rf.target]
	head := append(slices.Clip(ev.hops), rf.fc.Path...)
	for _, ft := range rf.funcs {
		for _, r := range ft.reaches() {
			state := rf.calleeState(ft, r)
			if state.kind == fromParam { // the caller's argument decides
				if j := state.param + t.shift; j < len(ev.args) && ev.args[j] != nil {
					state = *ev.args[j]
				} else {
					state = unboundedBy("argument %d of unknown origin", j)
				}
			}
			if state.kind == bounded {
				continue
			}
			a.extend(ev, state, r, head, 0, ev.guard, out)
		}
	}
}

// recordCall keeps, for a whole-program driver, what a call that resolved
// field calls runs: its targets' reaches less those the resolution
// replaced, and the reaches of the functions the object holds.
func (a *pkgAnalysis) recordCall(ev *event) {
	if a.program == nil || len(ev.resolved) == 0 {
		return
	}
	out := make(map[reachKey]*Reach)
	for ti, t := range ev.targets {
		for _, r := range t.reaches() {
			if r.Via == 0 || !ev.replaces(ti, r.Via-1) {
				c := *r
				c.Via, c.Guard = 0, Guard{} // the driver reads it as this call's
				add(out, &c)
			}
		}
	}
	for _, rf := range ev.resolved {
		for _, ft := range rf.funcs {
			for _, r := range ft.reaches() {
				if nr := reachFrom(r.Sink, rf.calleeState(ft, r), r.Timeout, r.Origin, newPath(rf.fc.Path, r.path)); nr != nil {
					nr.Entry, nr.SinkAt = r.Entry, r.SinkAt
					add(out, nr)
				}
			}
		}
	}
	s := &Summary{}
	for _, r := range sortedReaches(out) {
		s.Reaches = append(s.Reaches, *r)
	}
	put(&a.result.Calls, ev.call.Lparen, s)
}

// structOrPtr reports whether t is a struct or a pointer to one: what a
// struct literal a local holds may be.
func structOrPtr(t types.Type) bool {
	if p, ok := typeUnder(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	_, ok := typeUnder(t).(*types.Struct)
	return ok
}
