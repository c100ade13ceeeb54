package ctxprop

import (
	"slices"
)

// Application: what a field call resolved at a call site (fieldresolve.go)
// adds to the caller's reaches, and what a whole-program driver is told
// the call runs.

// applyField adds what a resolved field call contributes: the reaches of
// the functions the object holds, through the callee's field call.
func (a *pkgAnalysis) applyField(ev *event, rf resolvedField, out map[reachKey]*Reach) {
	t := ev.targets[rf.target]
	head := append(slices.Clip(ev.hops), rf.fc.Path...)
	for _, ft := range rf.funcs {
		for _, r := range ft.reaches() {
			state := rf.calleeState(ft, r)
			if state.kind == fromParam { // the caller's argument decides
				if j := state.param + t.shift; j < len(ev.args) && ev.args[j] != nil {
					state = *ev.args[j]
				} else {
					state = unboundedBy("argument %d of unknown origin", j)
				}
			}
			if state.kind == bounded {
				continue
			}
			a.extend(ev, state, r, head, 0, ev.guard, out)
		}
	}
}

// calleeState is the context, in the terms of the function making the
// field call, that a reach r of ft (a function the object holds) runs
// under: ft's parameter mapped through the field call's arguments.
func (rf resolvedField) calleeState(ft target, r *Reach) ctxState {
	if r.Param < 0 {
		return ctxState{kind: unbounded, why: r.Why, origin: r.Origin}
	}
	i := r.Param + ft.shift
	if i < len(rf.fc.Args) {
		if inner := rf.fc.Args[i].state(); inner != nil {
			return *inner
		}
	}
	return unboundedBy("argument %d of unknown origin", i)
}

// recordCall keeps, for a whole-program driver, what a call that resolved
// field calls runs: its targets' reaches less those the resolution
// replaced, and the reaches of the functions the object holds.
func (a *pkgAnalysis) recordCall(ev *event) {
	if a.program == nil || len(ev.resolved) == 0 {
		return
	}
	out := make(map[reachKey]*Reach)
	for ti, t := range ev.targets {
		for _, r := range t.reaches() {
			if r.Via == 0 || !ev.replaces(ti, r.Via-1) {
				c := *r
				c.Via, c.Guard = 0, Guard{} // the driver reads it as this call's
				add(out, &c)
			}
		}
	}
	for _, rf := range ev.resolved {
		for _, ft := range rf.funcs {
			for _, r := range ft.reaches() {
				if nr := reachFrom(r.Sink, rf.calleeState(ft, r), r.Timeout, r.Origin, newPath(rf.fc.Path, r.path)); nr != nil {
					nr.Entry, nr.SinkAt = r.Entry, r.SinkAt
					add(out, nr)
				}
			}
		}
	}
	s := &Summary{}
	for _, r := range sortedReaches(out) {
		s.Reaches = append(s.Reaches, *r)
	}
	put(&a.result.Calls, ev.call.Lparen, s)
}
