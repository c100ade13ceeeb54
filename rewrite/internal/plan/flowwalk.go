package plan

// The walk over the editable files that builds the flow graph: each
// place a function value goes (an assignment, a call's argument, a
// composite literal, a return) links the nodes on either side.

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/ctxlint/ctxlint/rewrite/internal/source"
	"golang.org/x/tools/go/types/typeutil"
)

// walkFile adds the file's flows and calls.
func (fl *flow) walkFile(f *source.File) {
	info := f.Pkg.TypesInfo
	var funcs []ast.Node // enclosing functions, for returns
	pair := func(dst, src ast.Expr) {
		t := info.TypeOf(src)
		if tuple, ok := t.(*types.Tuple); ok && tuple.Len() > 0 { // v, ok := m[k]
			t = tuple.At(0).Type()
		}
		if !holdsFunc(t) {
			return
		}
		if dt := info.TypeOf(dst); dt != nil && types.IsInterface(dt) {
			fl.opaque(info, src)
			return
		}
		d := fl.nodeOf(info, dst)
		switch s := ast.Unparen(src).(type) {
		case *ast.CompositeLit:
			fl.composite(info, d, s)
			return
		case *ast.CallExpr:
			if id, ok := ast.Unparen(s.Fun).(*ast.Ident); ok && id.Name == "make" && len(s.Args) > 0 {
				if _, ok := info.Uses[id].(*types.Builtin); ok {
					fl.typeExpr(d, s.Args[0])
					return
				}
			}
		}
		fl.link(d, fl.nodeOf(info, src))
	}
	ast.Inspect(f.Syntax, func(n ast.Node) bool {
		if n == nil {
			funcs = funcs[:len(funcs)-1]
			return true
		}
		switch n := n.(type) {
		case *ast.FuncDecl:
			fl.resultType(info, n)
		case *ast.FuncLit:
			fl.types[n.Type.Pos()] = info.TypeOf(n)
		case *ast.FuncType:
			if t := info.TypeOf(n); t != nil {
				fl.types[n.Pos()] = t
			}
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i := range n.Lhs {
					pair(n.Lhs[i], n.Rhs[i])
				}
			} else if len(n.Rhs) == 1 {
				// v, ok := m[k]; v, ok := x.(T); a, b := f()
				if _, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); !ok {
					pair(n.Lhs[0], n.Rhs[0])
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if i < len(n.Values) {
					pair(name, n.Values[i])
				}
				if n.Type != nil {
					fl.link(fl.nodeOf(info, name), fl.namedNode(info.TypeOf(name)))
					fl.typeExpr(fl.nodeOf(info, name), n.Type)
				}
			}
		case *ast.Field:
			for _, name := range n.Names {
				fl.link(fl.nodeOf(info, name), fl.namedNode(info.TypeOf(name)))
				fl.typeExpr(fl.nodeOf(info, name), n.Type)
			}
		case *ast.CompositeLit:
			fl.composite(info, node{}, n)
		case *ast.TypeSpec:
			if ft, ok := n.Type.(*ast.FuncType); ok { // type F func(...): its values change with it
				if obj := info.Defs[n.Name]; obj != nil {
					fl.link(fl.namedNode(obj.Type()), fl.named(node{kind: "texpr", pos: ft.Pos()}, "func type"))
				}
			}
		case *ast.TypeSwitchStmt: // switch f := v.(type) { case func(string) error: ... }
			for _, c := range n.Body.List {
				if obj := info.Implicits[c]; obj != nil && holdsFunc(obj.Type()) {
					if ta := typeSwitchAssert(n); ta != nil {
						fl.link(fl.objNode(obj), fl.assertedNode(ta))
					}
				}
			}
		case *ast.RangeStmt:
			if n.Value != nil && holdsFunc(info.TypeOf(n.Value)) {
				x := fl.nodeOf(info, n.X)
				if x.kind == "slot" {
					x = fl.named(node{kind: "elem", pos: x.pos}, fl.nameOf(x))
				}
				fl.link(fl.nodeOf(info, n.Value), x)
			}
		case *ast.ReturnStmt:
			// The innermost function around it (the stack holds nil for
			// the other nodes).
			var fn ast.Node
			for i := len(funcs) - 1; i >= 0 && fn == nil; i-- {
				fn = funcs[i]
			}
			if fd, ok := fn.(*ast.FuncDecl); ok && len(n.Results) == 1 && holdsFunc(info.TypeOf(n.Results[0])) {
				fl.link(fl.named(node{kind: "ret", pos: fd.Name.Pos()}, fd.Name.Name), fl.nodeOf(info, n.Results[0]))
			}
			if fn != nil {
				fl.returnsNamed(info, fn, n)
			}
		case *ast.CallExpr:
			fl.call(info, n)
		}
		switch n.(type) {
		case *ast.FuncDecl, *ast.FuncLit:
			funcs = append(funcs, n)
		default:
			funcs = append(funcs, nil)
		}
		return true
	})
}

// resultType links a function's one result of func type to the type
// expression it is spelt with: a helper that returns a literal
// (func canned(out string) func(string) error { return func(string) error {...} })
// changes its result type with the slot it fills.
func (fl *flow) resultType(info *types.Info, fd *ast.FuncDecl) {
	res := fd.Type.Results
	if res == nil || res.NumFields() != 1 {
		return
	}
	ret := fl.named(node{kind: "ret", pos: fd.Name.Pos()}, fd.Name.Name)
	switch t := ast.Unparen(res.List[0].Type).(type) {
	case *ast.FuncType:
		fl.link(ret, fl.named(node{kind: "texpr", pos: t.Pos()}, "func type"))
	case *ast.StarExpr:
		if ft, ok := ast.Unparen(t.X).(*ast.FuncType); ok {
			fl.link(ret, fl.named(node{kind: "texpr", pos: ft.Pos()}, "func type"))
		}
	}
	if names := res.List[0].Names; len(names) == 1 { // (fn func() error): the named result is the same value
		fl.link(ret, fl.nodeOf(info, names[0]))
	}
}

// returnsNamed links each function value a function or literal returns as
// a result of a named func type to that type: a wrapper literal
// (func(call task) task { return func(...) {...} }) returns a value that
// changes with the type.
func (fl *flow) returnsNamed(info *types.Info, fn ast.Node, ret *ast.ReturnStmt) {
	var sig *types.Signature
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		if obj, ok := info.Defs[fn.Name].(*types.Func); ok {
			sig = obj.Signature()
		}
	case *ast.FuncLit:
		sig, _ = info.TypeOf(fn).(*types.Signature)
	}
	if sig == nil || sig.Results().Len() != len(ret.Results) {
		return
	}
	for i, r := range ret.Results {
		if !holdsFunc(info.TypeOf(r)) {
			continue
		}
		if t := fl.namedNode(sig.Results().At(i).Type()); t.kind != "" {
			fl.link(t, fl.nodeOf(info, r))
		}
	}
}

// composite links the elements of a composite literal: struct fields to
// their values, and the elements of a map, slice or array of funcs to the
// slot the literal goes to.
func (fl *flow) composite(info *types.Info, dst node, lit *ast.CompositeLit) {
	t := info.TypeOf(lit)
	if t == nil {
		return
	}
	elem := node{}
	if dst.kind == "slot" {
		elem = fl.named(node{kind: "elem", pos: dst.pos}, fl.nameOf(dst))
	}
	if lit.Type != nil {
		fl.typeExpr(dst, lit.Type)
	}
	_, isStruct := t.Underlying().(*types.Struct)
	var elemType types.Type // of a map, slice or array literal's elements
	switch u := t.Underlying().(type) {
	case *types.Map:
		elemType = u.Elem()
	case *types.Slice:
		elemType = u.Elem()
	case *types.Array:
		elemType = u.Elem()
	}
	for i, e := range lit.Elts {
		v := e
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			v = kv.Value
			if isStruct {
				if !holdsFunc(info.TypeOf(v)) {
					continue
				}
				if ft := info.TypeOf(kv.Key); ft != nil && types.IsInterface(ft) {
					fl.opaque(info, v)
					continue
				}
				fl.link(fl.nodeOf(info, kv.Key), fl.nodeOf(info, v))
				continue
			}
		}
		if elemType != nil && types.IsInterface(elemType) && holdsFunc(info.TypeOf(v)) {
			fl.opaque(info, v) // map[string]any{"f": f}
			continue
		}
		if st, ok := t.Underlying().(*types.Struct); ok && i < st.NumFields() && holdsFunc(info.TypeOf(v)) {
			if types.IsInterface(st.Field(i).Type()) {
				fl.opaque(info, v)
				continue
			}
			fl.link(fl.objNode(st.Field(i)), fl.nodeOf(info, v)) // T{f}: positional
			continue
		}
		if isStruct || !holdsFunc(info.TypeOf(v)) {
			continue
		}
		if inner, ok := v.(*ast.CompositeLit); ok {
			fl.composite(info, node{}, inner)
			continue
		}
		fl.link(elem, fl.nodeOf(info, v))
	}
}

// call records the call under its callee's node, and links the function
// values it passes to the callee's parameters.
func (fl *flow) call(info *types.Info, call *ast.CallExpr) {
	if tv, ok := info.Types[call.Fun]; ok && tv.IsType() {
		if len(call.Args) == 1 && holdsFunc(tv.Type) { // F(f): f takes F's type
			fl.link(fl.nodeOf(info, call.Args[0]), fl.namedNode(tv.Type))
		}
		return
	}
	if isAppend(info, call) {
		s := fl.nodeOf(info, call.Args[0])
		for _, arg := range call.Args[1:] {
			if call.Ellipsis.IsValid() {
				fl.link(s, fl.nodeOf(info, arg))
			} else if holdsFunc(info.TypeOf(arg)) {
				fl.link(elemOf(s), fl.nodeOf(info, arg))
			}
		}
		return
	}
	callee := fl.nodeOf(info, call.Fun)
	if lit, ok := ast.Unparen(call.Fun).(*ast.FuncLit); ok {
		callee = node{kind: "lit", pos: lit.Type.Func}
	}
	if callee.kind != "" {
		fl.calls[callee] = append(fl.calls[callee], call)
	}
	sig, ok := types.Unalias(info.TypeOf(call.Fun)).Underlying().(*types.Signature)
	if !ok {
		return
	}
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	for i, arg := range call.Args {
		if !holdsFunc(info.TypeOf(arg)) {
			continue
		}
		pi := min(i, sig.Params().Len()-1)
		if pi < 0 {
			continue
		}
		param := sig.Params().At(pi)
		pt := param.Type()
		if sig.Variadic() && pi == sig.Params().Len()-1 && call.Ellipsis == token.NoPos {
			if sl, ok := pt.(*types.Slice); ok {
				pt = sl.Elem()
			}
		}
		if types.IsInterface(pt) { // reflect.ValueOf(f), fmt.Println(f), any(f)
			fl.opaque(info, arg)
			continue
		}
		if fn != nil {
			// The declared parameter, shared by every instantiation.
			if origin := fn.Origin().Signature().Params(); pi < origin.Len() {
				param = origin.At(pi)
			}
		} else if fl.p.FileAt(param.Pos()) == nil || !param.Pos().IsValid() {
			continue // a parameter of a func type: the slot's own change covers it
		}
		dst := fl.objNode(param)
		if dst.kind == "" && fn != nil {
			dst = fl.named(node{kind: "ext", pos: fn.Pos()}, fn.FullName())
		}
		if sig.Variadic() && i >= sig.Params().Len()-1 && call.Ellipsis == token.NoPos && dst.kind == "slot" {
			dst = fl.named(node{kind: "elem", pos: dst.pos}, fl.nameOf(dst))
		}
		if lit, ok := ast.Unparen(arg).(*ast.CompositeLit); ok {
			fl.composite(info, dst, lit)
			continue
		}
		fl.link(dst, fl.nodeOf(info, arg))
	}
}

// typeExpr links a slot to the func type expressions its declared type
// spells (func(), map[K]func(), []func(), *func()): they gain the context
// parameter with it.
func (fl *flow) typeExpr(slot node, e ast.Expr) {
	if slot.kind != "slot" && slot.kind != "elem" {
		return
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.FuncType:
		fl.link(slot, fl.named(node{kind: "texpr", pos: e.Pos()}, "func type"))
	case *ast.MapType:
		fl.typeExpr(elemOf(slot), e.Value)
	case *ast.ArrayType:
		fl.typeExpr(elemOf(slot), e.Elt)
	case *ast.ChanType:
		fl.typeExpr(elemOf(slot), e.Value)
	case *ast.StarExpr:
		fl.typeExpr(slot, e.X)
	}
}

// opaque marks a function value that goes into an interface value: a type
// assertion or reflection may rely on its signature, which no type check
// sees, so it must not change.
func (fl *flow) opaque(info *types.Info, e ast.Expr) {
	fl.link(fl.nodeOf(info, e), fl.named(node{kind: "opaque", pos: e.Pos()}, types.ExprString(e)))
}

// assertedNode is the value of a type assertion: the functions it holds
// come out of an interface value, stored with the signature the assertion
// names, which must not change.
func (fl *flow) assertedNode(e *ast.TypeAssertExpr) node {
	name := "(type)" // a type switch's
	if e.Type != nil {
		name = "(" + types.ExprString(e.Type) + ")"
	}
	return fl.named(node{kind: "asserted", pos: e.Pos()}, types.ExprString(e.X)+"."+name)
}

// typeSwitchAssert is a type switch's v.(type).
func typeSwitchAssert(s *ast.TypeSwitchStmt) *ast.TypeAssertExpr {
	var x ast.Expr
	switch a := s.Assign.(type) {
	case *ast.AssignStmt:
		if len(a.Rhs) == 1 {
			x = a.Rhs[0]
		}
	case *ast.ExprStmt:
		x = a.X
	}
	ta, _ := ast.Unparen(x).(*ast.TypeAssertExpr)
	return ta
}

// isAppend reports whether call is the builtin append.
func isAppend(info *types.Info, call *ast.CallExpr) bool {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok || id.Name != "append" || len(call.Args) == 0 {
		return false
	}
	_, ok = info.Uses[id].(*types.Builtin)
	return ok
}
