package calltargets

import (
	"cmp"
	"go/types"
	"slices"

	"golang.org/x/tools/go/callgraph"
	"golang.org/x/tools/go/ssa"
)

// callGraph returns the call graph of funcs (built with
// ssa.InstantiateGenerics): every static call, and every dynamic call to
// the functions of its dispatch class that type flow brings to the value
// it is made on. It is the graph vta.CallGraph(funcs, nil) returns, at a
// cost linear in the program (see flow.go).
func callGraph(funcs map[*ssa.Function]bool) *callgraph.Graph {
	order := make([]*ssa.Function, 0, len(funcs))
	for f, in := range funcs {
		if in {
			order = append(order, f)
		}
	}
	// A fixed order makes the graph's node numbering, and so every
	// slice below, the same from run to run.
	slices.SortFunc(order, func(a, b *ssa.Function) int {
		if c := cmp.Compare(a.Pos(), b.Pos()); c != 0 {
			return c
		}
		return cmp.Compare(a.String(), b.String())
	})

	g := newGraph()
	d := newDispatcher(order)
	g.flow(node{kind: kPanic}, node{kind: kRecover})
	for _, f := range order {
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				g.instr(instr, d)
			}
		}
	}
	sets := g.propagate()

	cg := &callgraph.Graph{Nodes: make(map[*ssa.Function]*callgraph.Node)}
	methods := make(map[types.Type]*types.MethodSet)
	var prog *ssa.Program
	for _, f := range order {
		caller := cg.CreateNode(f)
		prog = f.Prog
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				cc := call.Common()
				if s := cc.StaticCallee(); s != nil {
					callgraph.AddEdge(caller, call, cg.CreateNode(s))
					continue
				}
				if _, ok := cc.Value.(*ssa.Builtin); ok {
					continue
				}
				for _, callee := range resolve(g, d, sets, cc, methods, prog) {
					callgraph.AddEdge(caller, call, cg.CreateNode(callee))
				}
			}
		}
	}
	return cg
}

// resolve returns the callees of a dynamic call: the functions of its
// class that what reaches its value runs, in the class's order.
func resolve(g *graph, d *dispatcher, sets *labelSets, cc *ssa.CallCommon, methods map[types.Type]*types.MethodSet, prog *ssa.Program) []*ssa.Function {
	id, ok := g.ids[node{kind: kLocal, v: cc.Value}]
	if !ok {
		return nil
	}
	cls := d.classOf(g, cc)
	var out []*ssa.Function
	add := func(f *ssa.Function) {
		if _, ok := cls.member[f]; ok && !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	for _, l := range sets.at(id) {
		lb := sets.labels[l]
		switch {
		case lb.fn != nil:
			add(lb.fn)
		case cc.IsInvoke():
			ms, ok := methods[lb.typ]
			if !ok {
				ms = prog.MethodSets.MethodSet(lb.typ)
				methods[lb.typ] = ms
			}
			if sel := ms.Lookup(cc.Method.Pkg(), cc.Method.Name()); sel != nil {
				if f := prog.MethodValue(sel); f != nil {
					add(f)
				}
			}
		}
	}
	slices.SortFunc(out, func(a, b *ssa.Function) int { return cmp.Compare(cls.member[a], cls.member[b]) })
	return out
}
