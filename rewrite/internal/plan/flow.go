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

// elemOf is the node of a slot's elements.
func elemOf(n node) node {
	if n.kind == "slot" {
		return node{kind: "elem", pos: n.pos}
	}
	return node{kind: "elem2", pos: n.pos} // nested containers: one node for all depths
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
