package calltargets

import (
	"cmp"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// calls is the call graph of a set of functions: every static call, and
// every dynamic call to the functions of its dispatch class that type
// flow brings to the value it is made on. It answers what vta.CallGraph
// (funcs, nil) would hold, at a cost linear in the program (see flow.go),
// and computes a dynamic call's callees and a function's callers only
// when asked: where a registry map of one signature is filled in every
// package, every call through such a map may run every function stored
// in any of them, and the whole graph would grow with the square of the
// program, while only the calls the stores do not settle need asking.
type calls struct {
	order  []*ssa.Function // the functions, in a fixed order
	g      *graph
	d      *dispatcher
	sets   *labelSets
	static map[*ssa.Function][]ssa.CallInstruction // function → its static calls

	prog    *ssa.Program
	methods map[types.Type]*types.MethodSet
	callees map[ssa.CallInstruction][]*ssa.Function
	callers map[*ssa.Function][]ssa.CallInstruction
	classes map[*ssa.Function][]*class // function → the classes it belongs to
	seen    map[*class][]uint32        // per class callee: the last resolution that took it
	stamp   uint32
}

// callGraph computes the type flow of funcs (built with
// ssa.InstantiateGenerics).
func callGraph(funcs map[*ssa.Function]bool) *calls {
	order := make([]*ssa.Function, 0, len(funcs))
	for f, in := range funcs {
		if in {
			order = append(order, f)
		}
	}
	// A fixed order makes node numbering, label sets and callee lists the
	// same from run to run.
	sortFunctions(order)

	// About a node for every third instruction (on generated modules and
	// ctxlint's own code): room made once, not by doubling as they come.
	instrs := 0
	for _, f := range order {
		for _, b := range f.Blocks {
			instrs += len(b.Instrs)
		}
	}
	c := &calls{order: order, g: newGraph(instrs / 3), static: make(map[*ssa.Function][]ssa.CallInstruction),
		methods: make(map[types.Type]*types.MethodSet), callees: make(map[ssa.CallInstruction][]*ssa.Function),
		callers: make(map[*ssa.Function][]ssa.CallInstruction), seen: make(map[*class][]uint32)}
	c.d = newDispatcher(order)
	c.g.flow(node{kind: kPanic}, node{kind: kRecover})
	for _, f := range order {
		c.prog = f.Prog
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				c.g.instr(instr, c.d)
				if call, ok := instr.(ssa.CallInstruction); ok {
					if s := call.Common().StaticCallee(); s != nil {
						c.static[s] = append(c.static[s], call)
					}
				}
			}
		}
	}
	c.sets = c.g.propagate()
	// The edges and the node list have done their work: let them go
	// before the stores and collect run.
	c.g.succ, c.g.nodes = nil, nil
	return c
}

// sortFunctions sorts fns by position, then by name: only functions that
// share a position (wrappers, thunks and instantiations have none, or
// their origin's) are named, which is the costly part.
func sortFunctions(fns []*ssa.Function) {
	slices.SortFunc(fns, func(a, b *ssa.Function) int { return cmp.Compare(a.Pos(), b.Pos()) })
	for i := 0; i < len(fns); {
		j := i + 1
		for j < len(fns) && fns[j].Pos() == fns[i].Pos() {
			j++
		}
		if j-i > 1 {
			run := fns[i:j]
			names := make(map[*ssa.Function]string, len(run))
			for _, f := range run {
				names[f] = f.String()
			}
			slices.SortFunc(run, func(a, b *ssa.Function) int { return cmp.Compare(names[a], names[b]) })
		}
		i = j
	}
}

// sites calls yield with every call instruction of the functions.
func (c *calls) sites(yield func(caller *ssa.Function, call ssa.CallInstruction)) {
	for _, f := range c.order {
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(ssa.CallInstruction); ok {
					yield(f, call)
				}
			}
		}
	}
}

// dynamic reports whether call is a dynamic call: not a static one, nor
// one of a built-in.
func dynamic(call ssa.CallInstruction) bool {
	cc := call.Common()
	if cc.StaticCallee() != nil {
		return false
	}
	_, builtin := cc.Value.(*ssa.Builtin)
	return !builtin
}

// labelsAt returns the labels that reach the value a dynamic call is made on.
func (c *calls) labelsAt(call ssa.CallInstruction) []int32 {
	id, ok := c.g.ids[node{kind: kLocal, v: call.Common().Value}]
	if !ok {
		return nil
	}
	return c.sets.at(id)
}

// eachCallee calls yield with the functions of the call's class that a
// label reaching the call runs, until yield returns false; a function can
// come more than once.
func (c *calls) eachCallee(call ssa.CallInstruction, yield func(k int) bool) {
	cc := call.Common()
	cls := c.d.classOf(c.g, cc)
	for _, l := range c.labelsAt(call) {
		lb := c.sets.labels[l]
		var f *ssa.Function
		switch {
		case lb.fn != nil:
			f = lb.fn
		case cc.IsInvoke():
			ms, ok := c.methods[lb.typ]
			if !ok {
				ms = c.prog.MethodSets.MethodSet(lb.typ)
				c.methods[lb.typ] = ms
			}
			if sel := ms.Lookup(cc.Method.Pkg(), cc.Method.Name()); sel != nil {
				f = c.prog.MethodValue(sel)
			}
		}
		if k, ok := cls.member[f]; ok && f != nil && !yield(k) {
			return
		}
	}
}

// dispatches reports whether a dynamic call has a callee.
func (c *calls) dispatches(call ssa.CallInstruction) bool {
	found := false
	c.eachCallee(call, func(int) bool { found = true; return false })
	return found
}

// calleesOf returns the callees of a call, a dynamic one's in the order of
// its class.
func (c *calls) calleesOf(call ssa.CallInstruction) []*ssa.Function {
	if s := call.Common().StaticCallee(); s != nil {
		return []*ssa.Function{s}
	}
	if !dynamic(call) {
		return nil
	}
	if out, ok := c.callees[call]; ok {
		return out
	}
	cls := c.d.classOf(c.g, call.Common())
	seen := c.seen[cls]
	if seen == nil {
		seen = make([]uint32, len(cls.callees))
		c.seen[cls] = seen
	}
	c.stamp++
	var idx []int
	c.eachCallee(call, func(k int) bool {
		if seen[k] != c.stamp {
			seen[k] = c.stamp
			idx = append(idx, k)
		}
		return true
	})
	slices.Sort(idx)
	out := make([]*ssa.Function, len(idx))
	for i, k := range idx {
		out[i] = cls.callees[k]
	}
	c.callees[call] = out
	return out
}

// callersOf returns the calls of the functions that may call fn: its
// static calls, and the calls of its classes that type flow resolves to
// it.
func (c *calls) callersOf(fn *ssa.Function) []ssa.CallInstruction {
	if out, ok := c.callers[fn]; ok {
		return out
	}
	if c.classes == nil {
		c.classes = make(map[*ssa.Function][]*class)
		for _, cls := range c.d.classes {
			for _, f := range cls.callees {
				c.classes[f] = append(c.classes[f], cls)
			}
		}
	}
	out := slices.Clone(c.static[fn])
	fnLabel, hasFnLabel := c.sets.ids[label{typ: c.g.canonical(fn.Type()), fn: fn}]
	var recvLabel int32 = -1
	if recv := fn.Signature.Recv(); recv != nil {
		if id, ok := c.sets.ids[label{typ: c.g.canonical(recv.Type())}]; ok {
			recvLabel = id
		}
	}
	for _, cls := range c.classes[fn] {
		for _, site := range cls.sites {
			set := c.labelsAt(site)
			_, byFn := slices.BinarySearch(set, fnLabel)
			_, byRecv := slices.BinarySearch(set, recvLabel)
			// A method runs where its receiver's type arrives at an
			// interface method call: MethodValue of the receiver type
			// is the method itself, of any other type a wrapper.
			if hasFnLabel && byFn || recvLabel >= 0 && site.Common().IsInvoke() && byRecv {
				out = append(out, site)
			}
		}
	}
	c.callers[fn] = out
	return out
}
