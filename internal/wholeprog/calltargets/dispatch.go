package calltargets

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"
)

// dispatcher is the class hierarchy of the functions analysed: what a
// dynamic call may run before type flow narrows it. An interface method
// call may run the method of that name of every type that implements the
// interface; a call of a function value, every function (not method) of
// that signature. Each such dispatch class gets hub nodes in the type-flow
// graph that all its sites feed and all its callees read (see flow.go).
type dispatcher struct {
	bySig   typeutil.Map // signature → []*ssa.Function
	byID    map[string][]*ssa.Function
	classes map[classKey]*class
}

// classKey identifies a dispatch class: a canonical interface type and a
// method's Id, or a canonical signature and "".
type classKey struct {
	t  types.Type
	id string
}

// class is a dispatch class and what its sites may run.
type class struct {
	callees []*ssa.Function
	member  map[*ssa.Function]int // callee → its index in callees
	recv    bool                  // some callee's receiver is of function type: the receiver flows too
	sites   []ssa.CallInstruction // the calls of the class, when it has callees
}

// Hub slots of a class: parameter j's inflow and, for pointers, its
// outflow; result j; the receiver of function type.
const (
	slotParam = iota
	slotParamBack
	slotResult
	slotRecv
	slots
)

func hub(c *class, slot, j int) node { return node{kind: kHub, cls: c, i: j*slots + slot} }

func newDispatcher(funcs []*ssa.Function) *dispatcher {
	d := &dispatcher{byID: make(map[string][]*ssa.Function), classes: make(map[classKey]*class)}
	for _, f := range funcs {
		if f.Signature.Recv() == nil {
			if f.Synthetic == "package initializer" {
				continue // never a value
			}
			fs, _ := d.bySig.At(f.Signature).([]*ssa.Function)
			d.bySig.Set(f.Signature, append(fs, f))
		} else if obj, ok := f.Object().(*types.Func); ok {
			d.byID[obj.Id()] = append(d.byID[obj.Id()], f)
		}
	}
	return d
}

// classOf returns the dispatch class of a dynamic call, with its callee
// side wired into g on first use.
func (d *dispatcher) classOf(g *graph, cc *ssa.CallCommon) *class {
	var key classKey
	if cc.IsInvoke() {
		key = classKey{t: g.canonical(cc.Value.Type().Underlying()), id: cc.Method.Id()}
	} else {
		key = classKey{t: g.canonical(cc.Signature())}
	}
	if c, ok := d.classes[key]; ok {
		return c
	}
	c := &class{member: make(map[*ssa.Function]int)}
	d.classes[key] = c
	if cc.IsInvoke() {
		ifc := key.t.(*types.Interface)
		for _, f := range d.byID[key.id] {
			if types.Implements(f.Signature.Recv().Type(), ifc) {
				c.callees = append(c.callees, f)
			}
		}
	} else {
		c.callees, _ = d.bySig.At(key.t).([]*ssa.Function)
	}
	offset := 0
	if cc.IsInvoke() {
		offset = 1 // the receiver is not among a site's arguments
	}
	for k, f := range c.callees {
		c.member[f] = k
		for j := range f.Signature.Results().Len() {
			g.flow(node{kind: kResult, fn: f, i: j}, hub(c, slotResult, j))
		}
		if len(f.Params) == 0 {
			continue // no body: nothing flows in
		}
		if cc.IsInvoke() && isFunc(f.Params[0].Type()) {
			c.recv = true
			g.flow(hub(c, slotRecv, 0), g.valueNode(f.Params[0]))
		}
		for j, p := range f.Params[offset:] {
			j += offset
			pn := g.valueNode(p)
			g.flow(hub(c, slotParam, j), pn)
			if isRef(pn) {
				g.flow(pn, hub(c, slotParamBack, j))
			}
		}
	}
	return c
}

// call adds the flows of a call: between arguments and parameters, and
// from results to the call's value; through the hubs of its class when
// the call is dynamic.
func (d *dispatcher) call(g *graph, c ssa.CallInstruction) {
	cc := c.Common()
	if b, ok := cc.Value.(*ssa.Builtin); ok {
		if v, ok := c.(ssa.Value); ok && b.Name() == "recover" {
			g.flow(node{kind: kRecover}, g.valueNode(v))
		}
		return
	}
	site, _ := c.(ssa.Value) // nil for go and defer
	if f := cc.StaticCallee(); f != nil {
		if len(f.Params) > 0 {
			for j, a := range cc.Args {
				if j < len(f.Params) {
					g.flowBoth(g.valueNode(f.Params[j]), g.valueNode(a))
				}
			}
		}
		if site != nil {
			for j := range f.Signature.Results().Len() {
				g.flow(node{kind: kResult, fn: f, i: j}, resultNode(g, site, f.Signature, j))
			}
		}
		return
	}
	cls := d.classOf(g, cc)
	if len(cls.callees) == 0 {
		return
	}
	cls.sites = append(cls.sites, c)
	offset := 0
	if cc.IsInvoke() {
		offset = 1
		if cls.recv {
			g.flow(g.valueNode(cc.Value), hub(cls, slotRecv, 0))
		}
	}
	for j, a := range cc.Args {
		an := g.valueNode(a)
		g.flow(an, hub(cls, slotParam, j+offset))
		if isRef(an) {
			g.flow(hub(cls, slotParamBack, j+offset), an)
		}
	}
	if site != nil {
		sig := cc.Signature()
		for j := range sig.Results().Len() {
			g.flow(hub(cls, slotResult, j), resultNode(g, site, sig, j))
		}
	}
}

// resultNode is where result j of a call lands: the call's value, or a
// component of it when the function has several results.
func resultNode(g *graph, site ssa.Value, sig *types.Signature, j int) node {
	if sig.Results().Len() == 1 {
		return g.valueNode(site)
	}
	return node{kind: kTuple, v: site, i: j}
}
