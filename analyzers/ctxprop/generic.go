package ctxprop

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"
)

// typeArgs returns the concrete types the package instantiates a type
// parameter of its own generic functions and types with. A method's
// receiver type parameters stand for the type's.
func (a *pkgAnalysis) typeArgs(tp *types.TypeParam) []types.Type {
	if tp.Obj().Pkg() != a.pass.Pkg {
		return nil
	}
	if args, ok := a.typeArgCache[tp]; ok {
		return args
	}
	owner := a.typeParamOwner(tp)
	var out []types.Type
	seen := make(map[string]bool)
	if owner != nil {
		for id, inst := range a.info.Instances {
			obj := a.info.Uses[id]
			if obj == nil {
				obj = a.info.Defs[id]
			}
			var origin types.Object
			switch o := obj.(type) {
			case *types.Func:
				origin = o.Origin()
			case *types.TypeName:
				if named, ok := types.Unalias(o.Type()).(*types.Named); ok {
					origin = named.Origin().Obj()
				}
			}
			if origin != owner || tp.Index() >= inst.TypeArgs.Len() {
				continue
			}
			arg := inst.TypeArgs.At(tp.Index())
			if _, isParam := arg.(*types.TypeParam); isParam {
				continue // generic code instantiating itself
			}
			if key := types.TypeString(arg, nil); !seen[key] {
				seen[key] = true
				out = append(out, arg)
			}
		}
	}
	// Instances is a map: sort for deterministic paths.
	slices.SortFunc(out, func(x, y types.Type) int {
		return strings.Compare(types.TypeString(x, nil), types.TypeString(y, nil))
	})
	put(&a.typeArgCache, tp, out)
	return out
}

// typeParamOwner returns the generic function or type that declares tp
// (for a method's receiver type parameter, the receiver's type).
func (a *pkgAnalysis) typeParamOwner(tp *types.TypeParam) types.Object {
	has := func(l *types.TypeParamList) bool {
		return l != nil && tp.Index() < l.Len() && l.At(tp.Index()) == tp
	}
	scope := a.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		switch obj := scope.Lookup(name).(type) {
		case *types.Func:
			if has(obj.Signature().TypeParams()) {
				return obj
			}
		case *types.TypeName:
			named, ok := obj.Type().(*types.Named)
			if !ok || named.TypeParams().Len() == 0 {
				continue
			}
			if has(named.TypeParams()) {
				return obj
			}
			for m := range named.Methods() {
				if has(m.Signature().RecvTypeParams()) {
					return obj
				}
			}
		}
	}
	return nil
}

// viaTypeArg adds what calling method m on a value of type arg runs: the
// method of a concrete type, or the implementations of an interface.
func (w *walker) viaTypeArg(call *ast.CallExpr, ev *event, m *types.Func, arg types.Type) {
	a := w.a
	obj, _, _ := types.LookupFieldOrMethod(arg, true, m.Pkg(), m.Name())
	fn, ok := obj.(*types.Func)
	if !ok {
		return
	}
	if types.IsInterface(arg) {
		ev.targets = append(ev.targets, a.implementations(fn, arg)...)
		for _, impl := range a.sinkImplementations(fn, arg) {
			w.emit(event{pos: call.Pos(), dynamic: true, sink: &sinkHit{sinkName(impl.fn), w.sinkState(call, impl.rule)}})
		}
		return
	}
	fn = fn.Origin()
	if rule, ok := a.sinkFor(fn); ok {
		w.emit(event{pos: call.Pos(), dynamic: true, sink: &sinkHit{sinkName(fn), w.sinkState(call, rule)}})
		return
	}
	if t, ok := a.targetOf(fn); ok {
		ev.targets = append(ev.targets, t)
	}
}
