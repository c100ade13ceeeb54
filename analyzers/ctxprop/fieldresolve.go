package ctxprop

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"
)

// Resolution: at each call whose callee calls through its object's field
// (fields.go), the function the caller's object holds there, found from
// how the object was built (constructs.go, built.go) and set up
// (setters.go).

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

// constructorOnly reports whether only constructions write field f.
func (a *pkgAnalysis) constructorOnly(f *types.Var) bool {
	return f.Pkg() == a.pass.Pkg && !f.Exported() && !a.fieldAssigned[f.Origin()] && !a.fieldSetters[f.Origin()]
}
