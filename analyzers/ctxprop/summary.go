package ctxprop

import (
	"cmp"
	"go/types"
	"iter"
	"slices"
	"strings"
)

// summarize computes every unit's reaches bottom-up: units are
// recomputed, callers after callees, until nothing changes. Recursion
// terminates because a reach is only replaced by a strictly better path.
func (a *pkgAnalysis) summarize() {
	for _, u := range a.units {
		a.buildEvents(u)
	}
	a.forwardFields()
	for _, u := range a.units {
		a.resolveFields(u)
	}
	for _, u := range a.units {
		for _, ev := range u.events {
			for v := range ev.units() {
				v.callers = append(v.callers, u)
			}
		}
	}
	// Callees before callers: strongly connected components in reverse
	// topological order, each iterated until it is stable. Without
	// recursion every unit is computed once.
	for _, scc := range components(a.units) {
		if len(scc) == 1 && !selfCall(scc[0]) {
			a.recompute(scc[0])
			continue
		}
		in := make(map[*unit]bool, len(scc))
		for _, u := range scc {
			in[u] = true
		}
		queued := make(map[*unit]bool, len(scc))
		work := slices.Clone(scc)
		for _, u := range work {
			queued[u] = true
		}
		for len(work) > 0 {
			u := work[0]
			work = work[1:]
			queued[u] = false
			if a.recompute(u) {
				for _, c := range u.callers {
					if in[c] && !queued[c] {
						queued[c] = true
						work = append(work, c)
					}
				}
			}
		}
	}
}

func selfCall(u *unit) bool {
	for _, ev := range u.events {
		for v := range ev.units() {
			if v == u {
				return true
			}
		}
	}
	return false
}

// units yields the event's callees among the package's units: its targets
// and the functions its resolved field calls run.
func (ev *event) units() iter.Seq[*unit] {
	return func(yield func(*unit) bool) {
		for _, t := range ev.targets {
			if t.unit != nil && !yield(t.unit) {
				return
			}
		}
		for _, rf := range ev.resolved {
			for _, t := range rf.funcs {
				if t.unit != nil && !yield(t.unit) {
					return
				}
			}
		}
	}
}

// components returns the strongly connected components of the call graph
// among units (Tarjan), callees' components first.
func components(units []*unit) [][]*unit {
	index := make(map[*unit]int, len(units))
	low := make(map[*unit]int, len(units))
	onStack := make(map[*unit]bool)
	var stack []*unit
	var out [][]*unit
	next := 0
	var visit func(u *unit)
	visit = func(u *unit) {
		index[u], low[u] = next, next
		next++
		stack = append(stack, u)
		onStack[u] = true
		for _, ev := range u.events {
			for v := range ev.units() {
				if _, seen := index[v]; !seen {
					visit(v)
					low[u] = min(low[u], low[v])
				} else if onStack[v] {
					low[u] = min(low[u], index[v])
				}
			}
		}
		if low[u] == index[u] {
			var scc []*unit
			for {
				v := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[v] = false
				scc = append(scc, v)
				if v == u {
					break
				}
			}
			out = append(out, scc)
		}
	}
	for _, u := range units {
		if _, seen := index[u]; !seen {
			visit(u)
		}
	}
	return out
}

// recompute derives u's reaches from its events; it reports a change.
func (a *pkgAnalysis) recompute(u *unit) bool {
	out := make(map[reachKey]*Reach)
	if !u.detached {
		for _, ev := range u.events {
			a.apply(u, ev, out)
		}
	}
	changed := len(out) != len(u.reaches)
	if !changed {
		for k, r := range out {
			old, ok := u.reaches[k]
			if !ok || !old.path.equal(r.path) || old.Why != r.Why || old.Timeout != r.Timeout || old.Via != r.Via || old.Guard != r.Guard {
				changed = true
				break
			}
		}
	}
	u.reaches, u.sorted = out, nil
	return changed
}

// apply adds what one event contributes to a unit's reaches.
func (a *pkgAnalysis) apply(u *unit, ev *event, out map[reachKey]*Reach) {
	a.eventHops(u, ev)
	if ev.ignore != nil {
		// Suppressed on a line of the path: nothing propagates, and the
		// directive counts as used if there was something to suppress.
		if !ev.ignore.used {
			scratch := *ev
			scratch.ignore = nil
			probe := make(map[reachKey]*Reach)
			a.apply(u, &scratch, probe)
			ev.ignore.used = len(probe) > 0
		}
		return
	}
	if ev.sink != nil {
		if r := reachFrom(ev.sink.name, ev.sink.state, "", "", ev.path); r != nil {
			r.Guard = ev.guard
			add(out, r)
		}
		return
	}
	for ti, t := range ev.targets {
		for _, r := range t.reaches() {
			if r.Via != 0 && ev.replaces(ti, r.Via-1) {
				continue // what the caller's object holds stands instead
			}
			g, runs := a.callerGuard(u, ev, r.Guard, t.shift)
			if !runs {
				continue // the call's constant chooses another branch
			}
			state := ctxState{kind: unbounded, why: r.Why, origin: r.Origin}
			if ev.optCtx != nil && r.Param < 0 {
				state = *ev.optCtx // the options' context reaches the request
			} else if r.Param >= 0 {
				i := r.Param + t.shift
				if i < len(ev.args) && ev.args[i] != nil {
					state = *ev.args[i]
				} else {
					state = unboundedBy("argument %d of unknown origin", i)
				}
			}
			if state.kind == bounded {
				continue
			}
			via := ev.field
			if r.Via != 0 {
				if f := ev.forwardOf(ti, r.Via-1); f != 0 {
					via = f // the unit's own field call stands for it
				}
			}
			a.extend(ev, state, r, ev.hops, via, g, out)
		}
	}
	for _, rf := range ev.resolved {
		a.applyField(ev, rf, out)
	}
}

// eventHops makes an event's path steps, once.
func (a *pkgAnalysis) eventHops(u *unit, ev *event) {
	if ev.hops != nil {
		return
	}
	for _, p := range ev.via {
		ev.hops = append(ev.hops, a.hop(u, p, false))
	}
	ev.hops = append(ev.hops, a.hop(cmp.Or(ev.in, u), ev.pos, ev.dynamic))
	if ev.sink != nil || ev.entry != "" { // the reaches' path ends here
		ev.path = newPath(ev.hops, nil)
	}
	ev.ignore = a.ignoring(ev)
}

// replaces reports whether a resolved field call stands for field call k
// of the event's target ti.
func (ev *event) replaces(ti, k int) bool {
	for _, rf := range ev.resolved {
		if rf.target == ti && rf.field == k && (!rf.fc.Open || rf.exact && rf.fc.Setters) {
			return true
		}
	}
	return false
}

// extend adds the reach of r's sink through the event, under state: head
// (the event's hops, and a resolved field call's) in front of r's path;
// via tags it with the unit's field call it goes through.
func (a *pkgAnalysis) extend(ev *event, state ctxState, r *Reach, head []Hop, via int, g guard, out map[reachKey]*Reach) {
	// Most paths lose to one already there (callees reached through
	// several calls): compare before making the path.
	at, tail := r.key().site, r.path
	if ev.entry != "" {
		at, tail = ev.hops[len(ev.hops)-1].site(), nil
	}
	if old, ok := out[reachKey{at, state.reachParam(), g}]; ok && !(joined{head, tail}).better(joined{nil, old.path}) {
		if old.Via != via {
			old.Via = 0 // reached otherwise too: no field call stands for it
		}
		return
	}
	var nr *Reach
	if ev.entry != "" {
		// Behind code the user cannot edit: the path ends at this call,
		// and it is the reach's site.
		if nr = reachFrom(r.Sink, state, r.Timeout, r.Origin, ev.path); nr != nil {
			nr.Entry, nr.SinkAt = ev.entry, r.sinkAt()
		}
	} else if nr = reachFrom(r.Sink, state, r.Timeout, r.Origin, newPath(head, r.path)); nr != nil {
		nr.Entry, nr.SinkAt = r.Entry, r.SinkAt
	}
	if nr != nil {
		nr.Via, nr.Guard = via, g
		add(out, nr)
	}
}

// ignoring returns the ignore directive (with a reason) or nolint on the
// line of an event's call or of a call it was entered through.
func (a *pkgAnalysis) ignoring(ev *event) *directive {
	for _, p := range append(slices.Clip(ev.via), ev.pos) {
		if dir := a.dirs.suppressing(p, analyzerName); dir != nil && (dir.kind == "nolint" || dir.reason != "") {
			return dir
		}
	}
	return nil
}

func (t target) reaches() []*Reach {
	if u := t.unit; u != nil {
		if u.sorted == nil {
			u.sorted = sortedReaches(u.reaches)
		}
		return u.sorted
	}
	out := make([]*Reach, len(t.summary.Reaches))
	for i := range t.summary.Reaches {
		out[i] = &t.summary.Reaches[i]
	}
	return out
}

// reachFrom makes the reach of a sink run under state, or nil when the
// state is bounded.
func reachFrom(sink string, state ctxState, timeout, origin string, path *path) *Reach {
	if state.timeout != "" {
		timeout = state.timeout
	}
	switch state.kind {
	case bounded:
		return nil
	case fromParam:
		return &Reach{Sink: sink, Param: state.reachParam(), Timeout: timeout, path: path}
	}
	if state.origin != "" {
		origin = state.origin
	}
	return &Reach{Sink: sink, Param: state.reachParam(), Why: state.why, Timeout: timeout, Origin: origin, path: path}
}

// reachParam is Reach.Param for a sink run under s: the parameter it comes
// from, or -1.
func (s ctxState) reachParam() int {
	if s.kind == fromParam {
		return s.param
	}
	return -1
}

// add keeps the better of r and the reach at its key. Both reach the
// site: the kept one goes through a field call only if both go through it.
func add(out map[reachKey]*Reach, r *Reach) {
	k := r.key()
	old, ok := out[k]
	if !ok {
		out[k] = r
		return
	}
	if old.Via != r.Via {
		old.Via, r.Via = 0, 0
	}
	if r.better(old) {
		out[k] = r
	}
}

// sortedReaches orders reaches by sink site, for deterministic facts.
func sortedReaches(m map[reachKey]*Reach) []*Reach {
	out := make([]*Reach, 0, len(m))
	for _, r := range m {
		out = append(out, r)
	}
	slices.SortFunc(out, func(x, y *Reach) int { return x.key().compare(y.key()) })
	return out
}

// summary is what a unit reaches, in key order, or nil when it reaches
// nothing or is a loop's iteration.
func (a *pkgAnalysis) summary(u *unit) *Summary {
	if len(u.reaches) == 0 && len(u.fields) == 0 || u.root != nil {
		return nil
	}
	if u.sorted == nil {
		u.sorted = sortedReaches(u.reaches)
	}
	s := &Summary{Reaches: make([]Reach, 0, len(u.sorted)), Fields: a.fieldFacts(target{unit: u})}
	for _, r := range u.sorted {
		s.Reaches = append(s.Reaches, *r)
	}
	return s
}

// exportFacts attaches the summaries of the package's functions (on their
// generic origins), and what dynamic calls from importers may reach.
func (a *pkgAnalysis) exportFacts() {
	var dispatch Dispatch
	byType := make(map[*types.Named]*TypeMethods)
	var order []*types.Named
	for _, u := range a.units {
		for _, ev := range u.events {
			a.recordCall(ev)
		}
		s := a.summary(u)
		if s == nil {
			continue
		}
		if a.program != nil { // the next whole-program round's input
			if u.fn != nil {
				a.result.Funcs[u.fn] = s
			} else if u.lit != nil {
				a.result.Lits[u.lit.Type.Func] = s
			}
		}
		switch {
		case u.fn != nil:
			a.pass.ExportObjectFact(u.fn, s)
			if len(s.Reaches) == 0 {
				continue // field calls only: for its callers, not for dispatch
			}
			if a.addrTaken[u.fn] && !a.stores.privateFunc(u.fn) {
				dispatch.Values = append(dispatch.Values, FuncValue{Name: u.name, Signature: typeString(u.fn.Signature()), Summary: *s})
			}
			if named := recvNamed(u.fn); named != nil {
				tm := byType[named]
				if tm == nil {
					tm = &TypeMethods{Type: named.Obj().Name(), MethodSet: methodSet(named)}
					byType[named] = tm
					order = append(order, named)
				}
				_, ptr := u.fn.Signature().Recv().Type().(*types.Pointer)
				tm.Methods = append(tm.Methods, MethodSummary{Name: u.fn.Name(), Ptr: ptr, Summary: *s})
			}
		case u.lit != nil && u.sig != nil && len(s.Reaches) > 0 && !a.stores.private(u.lit):
			dispatch.Values = append(dispatch.Values, FuncValue{Name: u.name, Signature: typeString(u.sig), Summary: *s})
		}
	}
	// Functions of other packages this one stores: importers calling
	// through the store resolve to them.
	imported := make([]*types.Func, 0, len(a.importedValues))
	for fn := range a.importedValues {
		if !a.stores.privateFunc(fn) {
			imported = append(imported, fn)
		}
	}
	slices.SortFunc(imported, func(x, y *types.Func) int { return strings.Compare(x.FullName(), y.FullName()) })
	for _, fn := range imported {
		if s := a.importedSummary(fn); s != nil {
			dispatch.Values = append(dispatch.Values, FuncValue{Name: shortFuncName(fn), Signature: typeString(fn.Signature()), Summary: *s})
		}
	}
	for _, named := range order {
		dispatch.Types = append(dispatch.Types, *byType[named])
	}
	if len(dispatch.Values)+len(dispatch.Types) > 0 {
		a.pass.ExportPackageFact(&dispatch)
	}
}

// recvNamed returns the named type a method is declared on, or nil.
func recvNamed(fn *types.Func) *types.Named {
	recv := fn.Signature().Recv()
	if recv == nil {
		return nil
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, _ := t.(*types.Named)
	if named == nil || named.TypeParams().Len() > 0 {
		return nil
	}
	return named
}

// methodSet lists the methods of *named as name+signature.
func methodSet(named *types.Named) []string {
	ms := types.NewMethodSet(types.NewPointer(named))
	out := make([]string, ms.Len())
	for i := range ms.Len() {
		fn := ms.At(i).Obj().(*types.Func)
		out[i] = fn.Name() + typeString(fn.Signature())
	}
	slices.Sort(out) // for implementsAll's binary search
	return out
}
