package calltargets

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"
)

// The type-flow graph is the model of Variable Type Analysis (Sundaresan
// et al., "Practical virtual method call resolution for Java"), as
// golang.org/x/tools/go/callgraph/vta applies it to Go: a node is a place
// an interface or function value can be (an SSA value, a struct field of
// one struct type, the elements of every slice, map or channel of one
// element type, everything behind pointers of one type, a function's
// result); an edge carries the dynamic types and functions of values from
// one place to another. What reaches the value a dynamic call is made on
// is what it may run.
//
// It differs from vta in one respect, which is why it exists: the flows
// between a dynamic call site and the functions it may call go through
// one hub node per dispatch class (an interface method, or a function
// signature) instead of one edge per pair of site and callee. The class
// hierarchy gives every site of a class the same callees, so the
// reachability, and so the result, is the same; the graph grows with the
// sites plus the callees, not with their product, which on a module with
// an interface implemented in every package was most of the cost.

// kind is what a node stands for.
type kind uint8

const (
	kLocal      kind = iota // an SSA register, parameter or free variable (v)
	kTuple                  // component i of a tuple-valued register v
	kConst                  // every constant of type typ
	kPointer                // everything behind pointers of type typ
	kNestedIfc              // every nested pointer to the interface typ
	kNestedFunc             // every nested pointer to the function type typ
	kField                  // field i of the struct type typ
	kGlobal                 // the package-level variable v
	kFunc                   // the function fn, as a value
	kResult                 // result i of fn
	kElem                   // the elements of every slice or array of element type typ
	kMapKey                 // the keys of every map of key type typ
	kMapValue               // the values of every map of value type typ
	kChanElem               // the elements of every channel of element type typ
	kPanic                  // every value passed to panic
	kRecover                // every value recover returns
	kHub                    // slot i of the dispatch class cls
)

// node is a place in the type-flow graph. Types in type-keyed nodes are
// canonical (one types.Type per identical type).
type node struct {
	kind kind
	i    int
	v    ssa.Value
	fn   *ssa.Function
	typ  types.Type
	cls  *class
}

// label is what flows: a dynamic type, and the function itself when the
// value is a function.
type label struct {
	typ types.Type // canonical
	fn  *ssa.Function
}

// graph is the type-flow graph: built, then propagated once; nothing is
// added after that, and its edges are dropped.
type graph struct {
	ids   map[node]int32
	nodes []node
	succ  [][]int32

	canon     typeutil.Map // identical types → one representative
	canonSeen map[types.Type]types.Type
	inflow    map[types.Type]bool
}

// newGraph returns an empty graph with room for about nodes nodes.
func newGraph(nodes int) *graph {
	return &graph{ids: make(map[node]int32, nodes), nodes: make([]node, 0, nodes), succ: make([][]int32, 0, nodes),
		canonSeen: make(map[types.Type]types.Type), inflow: make(map[types.Type]bool)}
}

// canonical returns the representative of t's identity class.
func (g *graph) canonical(t types.Type) types.Type {
	if c, ok := g.canonSeen[t]; ok {
		return c
	}
	c, _ := g.canon.At(t).(types.Type)
	if c == nil {
		c = t
		g.canon.Set(t, t)
	}
	g.canonSeen[t] = c
	return c
}

func (g *graph) id(n node) int32 {
	if id, ok := g.ids[n]; ok {
		return id
	}
	id := int32(len(g.nodes))
	g.ids[n] = id
	g.nodes = append(g.nodes, n)
	g.succ = append(g.succ, nil)
	return id
}

// flow adds the edge from → to, when to can take in a type: a node of
// interface or function type, or a (nested) pointer to one.
func (g *graph) flow(from, to node) {
	if !g.takesIn(to) {
		return
	}
	a, b := g.id(from), g.id(to)
	if a != b {
		g.succ[a] = append(g.succ[a], b)
	}
}

// flowBoth adds the edge r → l and, when both may be pointers to the same
// memory, l → r.
func (g *graph) flowBoth(l, r node) {
	g.flow(r, l)
	if isRef(l) && isRef(r) {
		g.flow(l, r)
	}
}

func (g *graph) takesIn(n node) bool {
	switch n.kind {
	case kPanic, kRecover, kHub, kNestedIfc, kNestedFunc:
		return true
	}
	t := n.typeOf()
	in, ok := g.inflow[t]
	if !ok {
		in = types.IsInterface(t) || isFunc(t) || underPtr(t, types.IsInterface) != nil || underPtr(t, isFunc) != nil
		g.inflow[t] = in
	}
	return in
}

// typeOf returns the type of the values at n (nil for the panic and
// recover nodes and hubs).
func (n node) typeOf() types.Type {
	switch n.kind {
	case kLocal, kGlobal:
		return n.v.Type()
	case kTuple:
		return n.v.Type().(*types.Tuple).At(n.i).Type()
	case kField:
		return structOf(n.typ).Field(n.i).Type()
	case kFunc:
		return n.fn.Type()
	case kResult:
		return n.fn.Signature.Results().At(n.i).Type()
	case kPanic, kRecover, kHub:
		return nil
	}
	return n.typ
}

// initial returns the label n starts with: its own type, unless that is an
// interface (the value's dynamic type comes from elsewhere).
func (g *graph) initial(n node) (label, bool) {
	switch n.kind {
	case kPanic, kRecover, kHub, kNestedIfc, kNestedFunc:
		return label{}, false
	}
	t := n.typeOf()
	if types.IsInterface(t) {
		return label{}, false
	}
	l := label{typ: g.canonical(t)}
	if n.kind == kFunc {
		l.fn = n.fn
	}
	return l, true
}

func isRef(n node) bool {
	switch n.kind {
	case kNestedIfc, kNestedFunc:
		return true
	case kPanic, kRecover, kHub:
		return false
	}
	_, ok := types.Unalias(n.typeOf()).(*types.Pointer)
	return ok
}

// underPtr returns the type that pointers (nested any depth) in t point
// to, when it satisfies is; else nil.
func underPtr(t types.Type, is func(types.Type) bool) types.Type {
	for range 64 { // a named pointer type may point to itself
		p, ok := t.Underlying().(*types.Pointer)
		if !ok {
			return nil
		}
		if is(p.Elem()) {
			return p.Elem()
		}
		t = p.Elem()
	}
	return nil
}

func structOf(t types.Type) *types.Struct {
	return coreType(t).(*types.Struct)
}

// coreType returns t's underlying type or, for a type parameter, the one
// underlying type of its type set.
func coreType(t types.Type) types.Type {
	u := t.Underlying()
	ifc, ok := u.(*types.Interface)
	if !ok {
		return u
	}
	var core types.Type
	for i := range ifc.NumEmbeddeds() {
		e := ifc.EmbeddedType(i)
		if un, ok := e.(*types.Union); ok {
			for j := range un.Len() {
				core = un.Term(j).Type().Underlying()
			}
		} else if _, ok := e.Underlying().(*types.Interface); !ok {
			core = e.Underlying()
		}
	}
	if core == nil {
		return u
	}
	return core
}

// valueNode returns the node of an SSA value. Pointers (other than to an
// interface or a function) are merged by type: field-, element- and
// type-based memory, as VTA models it.
func (g *graph) valueNode(v ssa.Value) node {
	if p, ok := types.Unalias(v.Type()).(*types.Pointer); ok && !types.IsInterface(p.Elem()) && !isFunc(p.Elem()) {
		if t := underPtr(p.Elem(), types.IsInterface); t != nil {
			return node{kind: kNestedIfc, typ: g.canonical(t)}
		}
		if t := underPtr(p.Elem(), isFunc); t != nil {
			return node{kind: kNestedFunc, typ: g.canonical(t)}
		}
		return node{kind: kPointer, typ: g.canonical(p)}
	}
	switch v := v.(type) {
	case *ssa.Const:
		return node{kind: kConst, typ: g.canonical(v.Type())}
	case *ssa.Global:
		return node{kind: kGlobal, v: v}
	case *ssa.Function:
		return node{kind: kFunc, fn: v}
	}
	return node{kind: kLocal, v: v}
}

func (g *graph) typed(k kind, t types.Type) node { return node{kind: k, typ: g.canonical(t)} }

// instr adds the flows of one instruction; calls go to the dispatcher.
func (g *graph) instr(instr ssa.Instruction, d *dispatcher) {
	switch i := instr.(type) {
	case *ssa.Store:
		g.flowBoth(g.valueNode(i.Addr), g.valueNode(i.Val))
	case *ssa.MakeInterface:
		g.flow(g.valueNode(i.X), g.valueNode(i))
	case *ssa.ChangeInterface:
		g.flow(g.valueNode(i.X), g.valueNode(i))
	case *ssa.ChangeType:
		g.flowBoth(g.valueNode(i), g.valueNode(i.X))
	case *ssa.MultiConvert:
		if valuePreserving(i) {
			g.flowBoth(g.valueNode(i), g.valueNode(i.X))
		}
	case *ssa.MakeClosure:
		fn := i.Fn.(*ssa.Function)
		g.flow(node{kind: kFunc, fn: fn}, g.valueNode(i))
		for j, fv := range fn.FreeVars {
			g.flowBoth(g.valueNode(fv), g.valueNode(i.Bindings[j]))
		}
	case *ssa.UnOp:
		switch i.Op {
		case token.MUL:
			g.flowBoth(g.valueNode(i), g.valueNode(i.X))
		case token.ARROW:
			if t := chanElem(i.X.Type()); t != nil {
				g.flowBoth(g.valueNode(i), g.typed(kChanElem, t))
			}
		}
	case *ssa.Phi:
		for _, e := range i.Edges {
			g.flowBoth(g.valueNode(i), g.valueNode(e))
		}
	case *ssa.TypeAssert:
		if i.CommaOk {
			g.flow(g.valueNode(i.X), node{kind: kTuple, v: i, i: 0})
		} else {
			g.flow(g.valueNode(i.X), g.valueNode(i))
		}
	case *ssa.Extract:
		g.flowBoth(g.valueNode(i), node{kind: kTuple, v: i.Tuple, i: i.Index})
	case *ssa.Field:
		if isStruct(i.X.Type()) {
			g.flow(g.typed(kField, i.X.Type()).at(i.Field), g.valueNode(i))
		}
	case *ssa.FieldAddr:
		if p, ok := coreType(i.X.Type()).(*types.Pointer); ok && isStruct(p.Elem()) {
			f := g.typed(kField, p.Elem()).at(i.Field)
			g.flow(f, g.valueNode(i))
			g.flow(g.valueNode(i), f)
		}
	case *ssa.Send:
		if t := chanElem(i.Chan.Type()); t != nil {
			g.flowBoth(g.typed(kChanElem, t), g.valueNode(i.X))
		}
	case *ssa.Select:
		recv := 0
		for _, st := range i.States {
			t := chanElem(st.Chan.Type())
			if st.Dir == types.SendOnly {
				if t != nil {
					g.flowBoth(g.typed(kChanElem, t), g.valueNode(st.Send))
				}
				continue
			}
			if t != nil {
				g.flowBoth(node{kind: kTuple, v: i, i: 2 + recv}, g.typed(kChanElem, t))
			}
			recv++
		}
	case *ssa.Index:
		g.flowBoth(g.valueNode(i), g.typed(kElem, elemOf(i.X.Type())))
	case *ssa.IndexAddr:
		e := g.typed(kElem, elemOf(i.X.Type()))
		g.flow(e, g.valueNode(i))
		g.flow(g.valueNode(i), e)
	case *ssa.Lookup:
		if m, ok := i.X.Type().Underlying().(*types.Map); ok {
			to := g.valueNode(i)
			if i.CommaOk {
				to = node{kind: kTuple, v: i, i: 0}
			}
			g.flowBoth(to, g.typed(kMapValue, m.Elem()))
		}
	case *ssa.MapUpdate:
		if m, ok := i.Map.Type().Underlying().(*types.Map); ok {
			g.flowBoth(g.typed(kMapKey, m.Key()), g.valueNode(i.Key))
			g.flowBoth(g.typed(kMapValue, m.Elem()), g.valueNode(i.Value))
		}
	case *ssa.Next:
		if !i.IsString {
			tup := i.Type().(*types.Tuple)
			g.flowBoth(node{kind: kTuple, v: i, i: 1}, g.typed(kMapKey, tup.At(1).Type()))
			g.flowBoth(node{kind: kTuple, v: i, i: 2}, g.typed(kMapValue, tup.At(2).Type()))
		}
	case ssa.CallInstruction:
		d.call(g, i)
	case *ssa.Panic:
		if mayHaveMethods(i.X.Type()) {
			g.flow(g.valueNode(i.X), node{kind: kPanic})
		}
	case *ssa.Return:
		fn := i.Parent()
		for j, r := range i.Results {
			g.flow(g.valueNode(r), node{kind: kResult, fn: fn, i: j})
		}
	}
}

func (n node) at(i int) node { n.i = i; return n }

// chanElem returns the element type of a channel type, or nil.
func chanElem(t types.Type) types.Type {
	if c, ok := coreType(t).(*types.Chan); ok {
		return c.Elem()
	}
	return nil
}

func isStruct(t types.Type) bool {
	_, ok := coreType(t).(*types.Struct)
	return ok
}

// elemOf returns the element type of an Index or IndexAddr operand: a
// slice, an array or a pointer to one, or a string.
func elemOf(t types.Type) types.Type {
	switch u := coreType(t).(type) {
	case *types.Pointer:
		return elemOf(u.Elem())
	case *types.Array:
		return u.Elem()
	case *types.Slice:
		return u.Elem()
	}
	return types.Typ[types.Byte]
}

func mayHaveMethods(t types.Type) bool {
	t = types.Unalias(t)
	if _, ok := t.(*types.Named); ok {
		return true
	}
	switch t.Underlying().(type) {
	case *types.Interface, *types.Signature, *types.Struct:
		return true
	}
	return false
}

// valuePreserving reports whether a conversion between type sets (of
// type parameters) only changes the type of the value for some pair of
// their terms.
func valuePreserving(c *ssa.MultiConvert) bool {
	for _, s := range terms(c.X.Type()) {
		for _, d := range terms(c.Type()) {
			us, ud := s.Underlying(), d.Underlying()
			if types.IdenticalIgnoreTags(us, ud) {
				return true
			}
			switch ud.(type) {
			case *types.Chan:
				if _, ok := us.(*types.Chan); ok {
					return true
				}
			case *types.Pointer:
				if _, ok := us.(*types.Pointer); ok {
					return true
				}
			}
		}
	}
	return false
}

// terms returns the types of t's type set when t is a type parameter (or
// its constraint), else t.
func terms(t types.Type) []types.Type {
	tp, ok := types.Unalias(t).(*types.TypeParam)
	if !ok {
		return []types.Type{t}
	}
	var out []types.Type
	ifc := tp.Constraint().Underlying().(*types.Interface)
	for i := range ifc.NumEmbeddeds() {
		if un, ok := ifc.EmbeddedType(i).(*types.Union); ok {
			for j := range un.Len() {
				out = append(out, un.Term(j).Type())
			}
		} else {
			out = append(out, ifc.EmbeddedType(i))
		}
	}
	return out
}
