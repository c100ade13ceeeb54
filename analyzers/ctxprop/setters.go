package ctxprop

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// A client often builds an object and then configures it through a
// method that stores its argument:
//
//	c := &Client{path: path}
//	c.Configure(&backoff.Options{Attempt: c.dial})
//	return c, c.Run()
//
// Such a method is a setter: on a pointer receiver, it stores a parameter
// (or what a pointer parameter points to) in a field of the receiver that
// holds functions. A field written by setters only is not one the
// constructor decides (its field calls are Open), but one the object's
// own setup does: a caller that holds its object in a local or a package
// variable and sets it up there (setter calls and writes on it in the
// variable's scope: objectWrites) knows what the object holds and
// replaces the type-based answer, which merges every object of the type.
// The setup overwrites what a constructor or literal stored. The object
// could be handed elsewhere and set up again; ctxprop takes the setup it
// sees as the object's, which is right where one call chain builds and
// configures it.

// setterFields returns what decl stores in its receiver's fields if it is
// a setter, and records those statements in scan; nil otherwise.
func setterFields(info *types.Info, decl *ast.FuncDecl, scan *fieldScan) *Sets {
	if decl.Recv == nil || len(decl.Recv.List) != 1 || len(decl.Recv.List[0].Names) != 1 || decl.Type.Params.NumFields() == 0 {
		return nil
	}
	recv := info.Defs[decl.Recv.List[0].Names[0]]
	if recv == nil {
		return nil
	}
	ptr, ok := recv.Type().(*types.Pointer)
	if !ok {
		return nil // it sets a copy
	}
	if !storesFuncs(ptr.Elem(), 0) {
		return nil // most receivers: no field to set a function in
	}
	var sets Sets
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // it may run later, or never
		case *ast.AssignStmt:
			if n.Tok != token.ASSIGN || len(n.Lhs) != len(n.Rhs) {
				return true
			}
			for i, l := range n.Lhs {
				sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
				if !ok {
					continue
				}
				if id, ok := ast.Unparen(sel.X).(*ast.Ident); !ok || info.Uses[id] != recv {
					continue
				}
				fs := selectorFields(info, sel)
				if len(fs) != 1 || !storesFuncs(fs[0].Type(), 0) {
					continue
				}
				v := ast.Unparen(n.Rhs[i])
				if star, ok := v.(*ast.StarExpr); ok {
					v = ast.Unparen(star.X) // r.opts = *o
				}
				id, ok := v.(*ast.Ident)
				if !ok {
					continue
				}
				p, ok := info.Uses[id].(*types.Var)
				if !ok {
					continue
				}
				idx, fn := paramIndex(p, decl, info)
				if fn == nil {
					continue
				}
				put(&scan.setterWrites, sel, true)
				sets.Fields = mergeFields(sets.Fields, []FieldFrom{{Field: fs[0].Name(), Param: idx}})
			}
		}
		return true
	})
	if len(sets.Fields) == 0 {
		return nil
	}
	return &sets
}

// storesFuncs reports whether a value of type t holds functions: it is
// one, or a struct that holds some by value.
func storesFuncs(t types.Type, depth int) bool {
	switch t := typeUnder(t).(type) {
	case *types.Signature:
		return true
	case *types.Struct:
		if depth > 3 {
			return false
		}
		for f := range t.Fields() {
			if storesFuncs(f.Type(), depth+1) {
				return true
			}
		}
	}
	return false
}

// setsOf returns fn's Sets: the package's own, or a fact for another's.
func (a *pkgAnalysis) setsOf(fn *types.Func) *Sets { return setsIn(a.pass, a.fields.setters, fn) }

// setsIn returns fn's Sets: from own, the package's setters, or a fact
// for another package's.
func setsIn(pass *analysis.Pass, own map[*types.Func]*Sets, fn *types.Func) *Sets {
	fn = fn.Origin()
	if fn.Pkg() == pass.Pkg {
		return own[fn]
	}
	if fn.Pkg() == nil {
		return nil
	}
	var s Sets
	if pass.ImportObjectFact(fn, &s) {
		return &s
	}
	return nil
}

// objectWrite is a statement that sets a field on a path from a
// variable: directly (v.a.b = x) or by a setter (v.a.Configure(x)).
// value is nil when the setter stores something other than a parameter.
type objectWrite struct {
	path  []string
	value ast.Expr
}

// objectWrites returns the writes to v's object in v's scope: its
// function for a local, the package for a package variable.
func (a *pkgAnalysis) objectWrites(v *types.Var) []objectWrite {
	if ws, ok := a.writes[v]; ok {
		return ws
	}
	var ws []objectWrite
	visit := func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) != len(n.Rhs) {
				return true
			}
			for i, l := range n.Lhs {
				if base, fs := valueFields(a.info, l); len(fs) > 0 && isVar(a.info, base, v) {
					ws = append(ws, objectWrite{path: fieldNames(fs), value: n.Rhs[i]})
				}
			}
		case *ast.CallExpr:
			ws = append(ws, a.setterCall(n, v)...)
		}
		return true
	}
	if v.Parent() == a.pass.Pkg.Scope() {
		for _, f := range a.pass.Files {
			ast.Inspect(f, visit)
		}
	} else if d := a.declAt(v.Pos()); d != nil {
		ast.Inspect(d, visit)
	}
	put(&a.writes, v, ws)
	return ws
}

// setterCall returns the writes of call if it calls a setter on v's
// object or on a struct it holds by value.
func (a *pkgAnalysis) setterCall(call *ast.CallExpr, v *types.Var) []objectWrite {
	return setterCallOn(a.info, call, v, a.setsOf)
}

// setterCallOn is setterCall with the setters given by setsOf.
func setterCallOn(info *types.Info, call *ast.CallExpr, v *types.Var, setsOf func(*types.Func) *Sets) []objectWrite {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	s, ok := info.Selections[sel]
	if !ok || s.Kind() != types.MethodVal {
		return nil
	}
	fn, _ := s.Obj().(*types.Func)
	if fn == nil {
		return nil
	}
	sets := setsOf(fn)
	if sets == nil {
		return nil
	}
	base, fs := valueFields(info, sel.X)
	if !isVar(info, base, v) || len(fs) > 0 && !byValue(fs[len(fs)-1]) {
		return nil
	}
	embedded, ok := promotedVia(s)
	if !ok {
		return nil
	}
	prefix := append(fieldNames(fs), fieldNames(embedded)...)
	var ws []objectWrite
	for _, f := range sets.Fields {
		w := objectWrite{path: append(prefix[:len(prefix):len(prefix)], f.Field)}
		if f.Param >= 0 && f.Param < len(call.Args) && !call.Ellipsis.IsValid() {
			w.value = call.Args[f.Param]
		}
		ws = append(ws, w)
	}
	return ws
}

// isVar reports whether e is v, or *v.
func isVar(info *types.Info, e ast.Expr, v *types.Var) bool {
	if star, ok := e.(*ast.StarExpr); ok {
		e = ast.Unparen(star.X)
	}
	id, ok := e.(*ast.Ident)
	return ok && info.ObjectOf(id) == v
}

// setupFields returns the func-typed fields a constructor's setter calls
// on the object it builds (local v) store, by path from the object: from
// a parameter, or a method value of the object itself (c.dial).
func setupFields(info *types.Info, body *ast.BlockStmt, v *types.Var, from func(ast.Expr) int, setsOf func(*types.Func) *Sets) []FieldFrom {
	var out []FieldFrom
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // it may run later, or never
		case *ast.CallExpr:
			for _, w := range setterCallOn(info, n, v, setsOf) {
				if w.value == nil {
					continue
				}
				leafFuncs(info, w.value, w.path, func(path []string, val ast.Expr) {
					f := FieldFrom{Field: strings.Join(path, "."), Param: from(val), Setup: true}
					if sel, ok := ast.Unparen(val).(*ast.SelectorExpr); ok && f.Param < 0 {
						if s, ok := info.Selections[sel]; ok && s.Kind() == types.MethodVal && isVar(info, ast.Unparen(sel.X), v) {
							f.Method = sel.Sel.Name
						}
					}
					out = mergeFields(out, []FieldFrom{f})
				})
			}
		}
		return true
	})
	return out
}

// leafFuncs calls yield with each func-typed value val stores at path:
// val itself, or the elements of the struct literals it is (or points to).
func leafFuncs(info *types.Info, val ast.Expr, path []string, yield func([]string, ast.Expr)) {
	if _, ok := typeUnder(info.TypeOf(val)).(*types.Signature); ok {
		yield(path, val)
		return
	}
	lit := compositeOf(val)
	if lit == nil || len(path) > 6 {
		return
	}
	st, ok := typeUnder(info.TypeOf(lit)).(*types.Struct)
	if !ok {
		return
	}
	for j, elt := range lit.Elts {
		if f, v := litField(info, st, j, elt); f != nil {
			leafFuncs(info, v, append(path[:len(path):len(path)], f.Name()), yield)
		}
	}
}

// fieldNames returns the fields' names.
func fieldNames(fields []*types.Var) []string {
	out := make([]string, len(fields))
	for i, f := range fields {
		out[i] = f.Name()
	}
	return out
}
