package plan

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"github.com/ctxlint/ctxlint/internal/ctxtypes"
	"github.com/ctxlint/ctxlint/rewrite/internal/source"
	"golang.org/x/tools/go/types/typeutil"
)

// A node is something whose signature changes with the functions that flow
// through it: a declared function or method, an interface method, a
// function literal, or a slot holding functions (a variable, field or
// parameter of func type, the elements of a map or slice of funcs, a
// function's result).
type node struct {
	kind string // "func", "iface", "lit", "slot", "elem", "ret", "named", "texpr", "ext", "extfunc", "fixed", "opaque", "asserted"
	pos  token.Pos
}

// named records what a node is called, for messages (and, for "ext",
// what it is), and returns it.
func (fl *flow) named(n node, name string) node {
	if _, ok := fl.names[n]; !ok {
		fl.names[n] = name
	}
	return n
}

// nameOf is what a node is called.
func (fl *flow) nameOf(n node) string { return fl.names[n] }

func (n node) String() string { return fmt.Sprintf("%s@%d", n.kind, n.pos) }

// flow is the undirected graph of where function values go: an edge joins
// two nodes whose types must change together. It is built in one walk over
// the editable files.
type flow struct {
	p     *source.Program
	edges map[node][]node
	calls map[node][]*ast.CallExpr // the calls of each node's functions
	types map[token.Pos]types.Type // of literals and func type expressions
	idx   *index
	// closures caches closure: every member of a group has the same one.
	closures map[node][]node
	names    map[node]string
}

func newFlow(p *source.Program) *flow {
	fl := &flow{p: p, edges: map[node][]node{}, calls: map[node][]*ast.CallExpr{}, types: map[token.Pos]types.Type{}, closures: map[node][]node{}, names: map[node]string{}}
	for _, f := range p.Files {
		fl.walkFile(f)
	}
	return fl
}

func (fl *flow) link(a, b node) {
	if a.kind == "" || b.kind == "" || a == b {
		return
	}
	fl.edges[a] = append(fl.edges[a], b)
	fl.edges[b] = append(fl.edges[b], a)
}

// holdsFunc reports whether values of t carry functions whose signature a
// change would touch: a func, or a map, slice, array or channel of them.
func holdsFunc(t types.Type) bool {
	if t == nil {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Signature:
		return true
	case *types.Map:
		return holdsFunc(u.Elem())
	case *types.Slice:
		return holdsFunc(u.Elem())
	case *types.Array:
		return holdsFunc(u.Elem())
	case *types.Chan:
		return holdsFunc(u.Elem())
	case *types.Pointer:
		return holdsFunc(u.Elem())
	}
	return false
}

// nodeOf is the node an expression's function value comes from or goes to.
func (fl *flow) nodeOf(info *types.Info, e ast.Expr) node {
	e = ast.Unparen(e)
	if n := fl.extFunc(info, e); n.kind != "" {
		return n
	}
	switch e := e.(type) {
	case *ast.Ident:
		return fl.objNode(info.ObjectOf(e))
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[e]; ok {
			return fl.objNode(sel.Obj()) // a field, method value or method expression
		}
		return fl.objNode(info.ObjectOf(e.Sel)) // qualified identifier
	case *ast.IndexExpr:
		if tv, ok := info.Types[e.X]; ok && !isGenericFunc(tv.Type) {
			n := fl.nodeOf(info, e.X)
			if n.kind == "slot" {
				return fl.named(node{kind: "elem", pos: n.pos}, fl.nameOf(n))
			}
			return n
		}
		return fl.nodeOf(info, e.X) // an instantiation F[T]
	case *ast.IndexListExpr:
		return fl.nodeOf(info, e.X)
	case *ast.StarExpr:
		return fl.nodeOf(info, e.X)
	case *ast.FuncLit:
		return fl.named(node{kind: "lit", pos: e.Type.Func}, "func literal")
	case *ast.TypeAssertExpr:
		// Wherever it flows (assigned, passed, returned, stored), the
		// value keeps the signature the assertion names.
		return fl.assertedNode(e)
	case *ast.CallExpr:
		if tv, ok := info.Types[e.Fun]; ok && tv.IsType() && len(e.Args) == 1 {
			return fl.nodeOf(info, e.Args[0]) // a conversion
		}
		if isAppend(info, e) {
			return fl.nodeOf(info, e.Args[0]) // append(s, f...) is s
		}
		if fn, ok := typeutil.Callee(info, e).(*types.Func); ok {
			if f := fl.p.FuncOf(fn); f != nil {
				return fl.named(node{kind: "ret", pos: f.Decl.Name.Pos()}, fn.Name())
			}
		}
	}
	return node{}
}

func isGenericFunc(t types.Type) bool {
	sig, ok := t.(*types.Signature)
	return ok && sig.TypeParams().Len() > 0
}

// objNode is the node of a variable, field or function.
func (fl *flow) objNode(obj types.Object) node {
	switch obj := obj.(type) {
	case *types.Func:
		fn := obj.Origin()
		if recv := fn.Signature().Recv(); recv != nil && types.IsInterface(recv.Type()) {
			if fl.p.FileAt(fn.Pos()) == nil {
				return fl.named(node{kind: "ext", pos: fn.Pos()}, fn.FullName())
			}
			return fl.named(node{kind: "iface", pos: fn.Pos()}, fn.FullName())
		}
		if fl.p.Funcs[fn.Pos()] == nil {
			return fl.named(node{kind: "ext", pos: fn.Pos()}, fn.FullName())
		}
		return fl.named(node{kind: "func", pos: fn.Pos()}, fn.FullName())
	case *types.Var:
		v := obj.Origin()
		if !holdsFunc(v.Type()) {
			return node{}
		}
		if fl.p.FileAt(v.Pos()) == nil {
			return fl.named(node{kind: "ext", pos: v.Pos()}, v.Name())
		}
		return fl.named(node{kind: "slot", pos: v.Pos()}, v.Name())
	}
	return node{}
}

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

// namedNode is the node of a named func type declared in an editable file:
// every slot of that type changes with it.
func (fl *flow) namedNode(t types.Type) node {
	for t != nil {
		switch u := types.Unalias(t).(type) {
		case *types.Named:
			if _, ok := u.Underlying().(*types.Signature); ok {
				obj := u.Origin().Obj()
				if fl.p.FileAt(obj.Pos()) == nil { // http.HandlerFunc: fixed
					return fl.named(node{kind: "fixed", pos: obj.Pos()}, obj.Pkg().Path()+"."+obj.Name())
				}
				return fl.named(node{kind: "named", pos: obj.Pos()}, obj.Name())
			}
			return node{}
		case *types.Map:
			t = u.Elem()
		case *types.Slice:
			t = u.Elem()
		case *types.Array:
			t = u.Elem()
		case *types.Pointer:
			t = u.Elem()
		default:
			return node{}
		}
	}
	return node{}
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

// elemOf is the node of a slot's elements.
func elemOf(n node) node {
	if n.kind == "slot" {
		return node{kind: "elem", pos: n.pos}
	}
	return node{kind: "elem2", pos: n.pos} // nested containers: one node for all depths
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

// extFunc is the node of a use of a function of another module (os.Hostname)
// by name: each use is a node of its own, so that two groups holding the
// same function stay apart, and the use is where an adapter closure that
// takes ctx can go.
func (fl *flow) extFunc(info *types.Info, e ast.Expr) node {
	var id *ast.Ident
	switch e := e.(type) {
	case *ast.Ident:
		id = e
	case *ast.SelectorExpr:
		if _, ok := info.Selections[e]; ok {
			return node{} // a method value
		}
		id = e.Sel
	default:
		return node{}
	}
	fn, ok := info.Uses[id].(*types.Func)
	if !ok || fn.Signature().Recv() != nil || fn.Signature().TypeParams().Len() > 0 || fl.p.FileAt(fn.Pos()) != nil || fl.p.Funcs[fn.Pos()] != nil {
		return node{}
	}
	if f := fl.p.Fset.File(fn.Pos()); f != nil && fl.p.InModule(f.Name()) {
		return node{} // a generated file of the module: refused as such
	}
	if params := fn.Signature().Params(); params.Len() > 0 && ctxtypes.IsContext(params.At(0).Type()) {
		return node{} // takes the context first already (exec.CommandContext, adapted before)
	}
	return fl.named(node{kind: "extfunc", pos: e.Pos()}, fn.FullName())
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
