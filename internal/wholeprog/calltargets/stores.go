package calltargets

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// stores tracks which functions the program stores in each variable and
// field that holds functions (directly, or as elements of a map, slice or
// array). VTA merges the elements of every map and slice of one type across
// the program: a registry map[string]func() would run every function any
// such map holds. A call through a value read from one package-level
// variable or one field runs only what is stored there.
type stores struct {
	calls *calls
	// values holds what is stored in a container: functions, closures,
	// parameters (followed to their arguments) and loads of other
	// containers. unknown marks containers that get something else.
	values  map[types.Object][]ssa.Value
	unknown map[types.Object]bool
	// aliases maps a fresh map, array or slice to the container it ends up
	// in: var m = map[string]func(){...} fills the map before storing it.
	aliases map[ssa.Value]types.Object
}

func newStores(cs *calls) *stores {
	s := &stores{calls: cs, values: make(map[types.Object][]ssa.Value),
		unknown: make(map[types.Object]bool), aliases: make(map[ssa.Value]types.Object)}
	// Aliases first: a map literal's updates come before the store of the
	// map into its variable.
	for _, fn := range cs.order {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if st, ok := instr.(*ssa.Store); ok {
					if c := s.addrContainer(st.Addr); c != nil {
						s.alias(st.Val, c)
					}
				}
			}
		}
	}
	for _, fn := range cs.order {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch instr := instr.(type) {
				case *ssa.Store:
					if !isFunc(instr.Val.Type()) {
						continue
					}
					if c := s.addrContainer(instr.Addr); c != nil {
						s.add(c, instr.Val)
					}
				case *ssa.MapUpdate:
					if !isFunc(instr.Value.Type()) {
						continue
					}
					if c := s.valueContainer(instr.Map); c != nil {
						s.add(c, instr.Value)
					}
				}
			}
		}
	}
	return s
}

func isFunc(t types.Type) bool {
	_, ok := t.Underlying().(*types.Signature)
	return ok
}

// alias records that v, a fresh map, slice or array (or an append to
// one), is stored in container c.
func (s *stores) alias(v ssa.Value, c types.Object) {
	switch v := v.(type) {
	case *ssa.MakeMap, *ssa.Alloc, *ssa.MakeSlice:
		s.aliases[v] = c
	case *ssa.Slice:
		s.alias(v.X, c)
	case *ssa.ChangeType:
		s.alias(v.X, c)
	case *ssa.Call:
		if b, ok := v.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" {
			for _, arg := range v.Call.Args[1:] {
				s.alias(arg, c)
			}
		}
	}
}

func (s *stores) add(c types.Object, v ssa.Value) {
	if ct, ok := v.(*ssa.ChangeType); ok {
		v = ct.X // a function converted to a named func type
	}
	switch v := v.(type) {
	case *ssa.Function, *ssa.MakeClosure, *ssa.Parameter:
		s.values[c] = append(s.values[c], v)
	case *ssa.Const:
		// nil: runs nothing
	default:
		if from := s.valueContainer(v); from != nil {
			s.values[c] = append(s.values[c], v) // a copy of another container
		} else {
			s.unknown[c] = true
		}
	}
}

// addrContainer returns the container an address points into: a global, a
// field, or an element of either.
func (s *stores) addrContainer(addr ssa.Value) types.Object {
	switch a := addr.(type) {
	case *ssa.Global:
		return a.Object()
	case *ssa.FieldAddr:
		return field(a.X.Type(), a.Field)
	case *ssa.IndexAddr:
		if c, ok := s.aliases[a.X]; ok {
			return c
		}
		return s.valueContainer(a.X)
	}
	if c, ok := s.aliases[addr]; ok {
		return c
	}
	return nil
}

// valueContainer returns the container a value was read from: a load of a
// global or field, an element of one, or a fresh value stored in one.
func (s *stores) valueContainer(v ssa.Value) types.Object {
	if c, ok := s.aliases[v]; ok {
		return c
	}
	switch v := v.(type) {
	case *ssa.UnOp:
		if v.Op == token.MUL {
			return s.addrContainer(v.X)
		}
	case *ssa.Lookup:
		return s.valueContainer(v.X)
	case *ssa.Extract:
		return s.valueContainer(v.Tuple)
	case *ssa.Index:
		return s.valueContainer(v.X)
	case *ssa.Field:
		return field(v.X.Type(), v.Field)
	case *ssa.Slice:
		return s.valueContainer(v.X)
	}
	return nil
}

func field(t types.Type, i int) types.Object {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	if st, ok := t.Underlying().(*types.Struct); ok && i < st.NumFields() {
		return st.Field(i)
	}
	return nil
}

// callees returns the functions a function value may be, when it was read
// from a container whose every stored value is known; ok is false
// otherwise, and the call graph's answer stands.
func (s *stores) callees(v ssa.Value) (out []*ssa.Function, ok bool) {
	seen := make(map[any]bool)
	ok = s.resolve(v, seen, &out, 0)
	return out, ok
}

func (s *stores) resolve(v ssa.Value, seen map[any]bool, out *[]*ssa.Function, depth int) bool {
	if depth > 8 {
		return false
	}
	switch v := v.(type) {
	case *ssa.Function:
		if !seen[v] {
			seen[v] = true
			*out = append(*out, v)
		}
		return true
	case *ssa.MakeClosure:
		return s.resolve(v.Fn, seen, out, depth+1)
	case *ssa.ChangeType:
		return s.resolve(v.X, seen, out, depth+1)
	case *ssa.Const:
		return true // nil
	case *ssa.Phi:
		for _, e := range v.Edges {
			if !s.resolve(e, seen, out, depth+1) {
				return false
			}
		}
		return true
	case *ssa.Parameter:
		return s.resolveParam(v, seen, out, depth)
	}
	c := s.valueContainer(v)
	if c == nil || s.unknown[c] {
		return false
	}
	if seen[c] {
		return true
	}
	seen[c] = true
	for _, stored := range s.values[c] {
		if !s.resolve(stored, seen, out, depth+1) {
			return false
		}
	}
	return true
}

// resolveParam follows a parameter to the arguments of every call of its
// function in the graph (Register(name, f) stores f in a map).
func (s *stores) resolveParam(p *ssa.Parameter, seen map[any]bool, out *[]*ssa.Function, depth int) bool {
	if seen[p] {
		return true
	}
	seen[p] = true
	fn := p.Parent()
	index := -1
	for i, q := range fn.Params {
		if q == p {
			index = i
		}
	}
	callers := s.calls.callersOf(fn)
	if index < 0 || len(callers) == 0 {
		return false // an entry point's parameter: anything
	}
	for _, site := range callers {
		common := site.Common()
		i := index
		if common.IsInvoke() {
			i-- // the receiver is not among the arguments
		}
		if i < 0 || i >= len(common.Args) || !s.resolve(common.Args[i], seen, out, depth+1) {
			return false
		}
	}
	return true
}
