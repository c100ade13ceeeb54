package ctxprop

import (
	"go/ast"
	"go/types"
	"strings"
)

// A struct held by value in a field is as much the object's own as a
// func-typed field is: no other object shares it. So a call through
// r.opts.attempt runs what r itself holds, and a field call is known by
// its path from the object (fieldChain), not only by one field.

// fieldChain returns, for x.f1.….fn with fn func-typed, the identifier x
// and the fields f1…fn (with the embedded fields the selectors promote
// through), when each field but fn holds a struct by value.
func fieldChain(info *types.Info, fun ast.Expr) (*ast.Ident, []*types.Var, bool) {
	x, fields := valueFields(info, fun)
	if len(fields) == 0 {
		return nil, nil, false
	}
	if _, isFunc := typeUnder(fields[len(fields)-1].Type()).(*types.Signature); !isFunc {
		return nil, nil, false
	}
	if star, ok := x.(*ast.StarExpr); ok {
		x = ast.Unparen(star.X)
	}
	id, ok := x.(*ast.Ident)
	return id, fields, ok
}

// valueFields peels field selectors off e while each holds a struct by
// value (but the outermost, whatever its type): it returns the expression
// they start from and the fields, outermost last.
func valueFields(info *types.Info, e ast.Expr) (ast.Expr, []*types.Var) {
	e = ast.Unparen(e)
	var steps [][]*types.Var
	for {
		sel, ok := e.(*ast.SelectorExpr)
		if !ok {
			break
		}
		fs := selectorFields(info, sel)
		if fs == nil || len(steps) > 0 && !byValue(fs[len(fs)-1]) {
			break
		}
		steps = append(steps, fs)
		e = ast.Unparen(sel.X)
	}
	var out []*types.Var
	for i := len(steps) - 1; i >= 0; i-- {
		out = append(out, steps[i]...)
	}
	return e, out
}

// selectorFields returns the fields x.f selects: the embedded fields it
// promotes through, then f; nil unless it selects a field through
// embedded structs held by value.
func selectorFields(info *types.Info, sel *ast.SelectorExpr) []*types.Var {
	s, ok := info.Selections[sel]
	if !ok || s.Kind() != types.FieldVal {
		return nil
	}
	return fieldsAlong(s.Recv(), s.Index())
}

// fieldsAlong returns the fields an index path selects from t (or *t),
// or nil when it goes through a pointer.
func fieldsAlong(t types.Type, index []int) []*types.Var {
	out := make([]*types.Var, 0, len(index))
	for i, idx := range index {
		if p, ok := typeUnder(t).(*types.Pointer); ok && i == 0 {
			t = p.Elem()
		}
		st, ok := typeUnder(t).(*types.Struct)
		if !ok || idx >= st.NumFields() {
			return nil
		}
		f := st.Field(idx)
		out = append(out, f)
		t = f.Type()
	}
	return out
}

// promotedVia returns the embedded fields a method selection promotes
// its method through (none for the receiver's own); ok is false when one
// is a pointer, so that the method's receiver is another object.
func promotedVia(s *types.Selection) ([]*types.Var, bool) {
	embedded := fieldsAlong(s.Recv(), s.Index()[:len(s.Index())-1])
	if embedded == nil || len(embedded) > 0 && !byValue(embedded[len(embedded)-1]) {
		return nil, false
	}
	return embedded, true
}

// byValue reports whether field f holds a struct by value.
func byValue(f *types.Var) bool {
	_, ok := typeUnder(f.Type()).(*types.Struct)
	return ok
}

// fieldPath joins the fields' names.
func fieldPath(fields []*types.Var) string { return strings.Join(fieldNames(fields), ".") }

// hasPrefix reports whether path begins with prefix.
func hasPrefix(path, prefix []string) bool {
	if len(prefix) > len(path) {
		return false
	}
	for i := range prefix {
		if path[i] != prefix[i] {
			return false
		}
	}
	return true
}
