package ctxprop

import (
	"cmp"
	"slices"
)

// summarize computes every unit's reaches bottom-up: units are
// recomputed, callers after callees, until nothing changes. Recursion
// terminates because a reach is only replaced by a strictly better path.
func (a *pkgAnalysis) summarize() {
	for _, u := range a.units {
		a.buildEvents(u)
	}
	for _, u := range a.units {
		for _, ev := range u.events {
			for _, t := range ev.targets {
				if t.unit != nil {
					t.unit.callers = append(t.unit.callers, u)
				}
			}
		}
	}
	queued := make(map[*unit]bool, len(a.units))
	work := make([]*unit, 0, len(a.units))
	for i := len(a.units) - 1; i >= 0; i-- { // declaration order, reversed: callees tend to come later
		work = append(work, a.units[i])
		queued[a.units[i]] = true
	}
	for len(work) > 0 {
		u := work[len(work)-1]
		work = work[:len(work)-1]
		queued[u] = false
		if a.recompute(u) {
			for _, c := range u.callers {
				if !queued[c] {
					queued[c] = true
					work = append(work, c)
				}
			}
		}
	}
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
			if !ok || old.pathString() != r.pathString() || old.Why != r.Why || old.Timeout != r.Timeout {
				changed = true
				break
			}
		}
	}
	u.reaches = out
	return changed
}

// apply adds what one event contributes to a unit's reaches.
func (a *pkgAnalysis) apply(u *unit, ev *event, out map[reachKey]*Reach) {
	hop := a.hop(u, ev.pos, ev.dynamic)
	if ev.sink != nil {
		if r := reachFrom(ev.sink.name, ev.sink.state, "", []Hop{hop}); r != nil {
			add(out, r)
		}
		return
	}
	for _, t := range ev.targets {
		for _, r := range t.reaches() {
			state := ctxState{kind: unbounded, why: r.Why}
			if r.Param >= 0 {
				i := r.Param + t.shift
				if i < len(ev.args) && ev.args[i] != nil {
					state = *ev.args[i]
				} else {
					state = unboundedBy("argument %d of unknown origin", i)
				}
			}
			path := make([]Hop, 0, len(r.Path)+1)
			path = append(append(path, hop), r.Path...)
			if nr := reachFrom(r.Sink, state, r.Timeout, path); nr != nil {
				add(out, nr)
			}
		}
	}
}

func (t target) reaches() []*Reach {
	if t.unit != nil {
		return sortedReaches(t.unit.reaches)
	}
	out := make([]*Reach, len(t.summary.Reaches))
	for i := range t.summary.Reaches {
		out[i] = &t.summary.Reaches[i]
	}
	return out
}

// reachFrom makes the reach of a sink run under state, or nil when the
// state is bounded.
func reachFrom(sink string, state ctxState, timeout string, path []Hop) *Reach {
	if state.timeout != "" {
		timeout = state.timeout
	}
	switch state.kind {
	case bounded:
		return nil
	case fromParam:
		return &Reach{Sink: sink, Param: state.param, Timeout: timeout, Path: path}
	}
	return &Reach{Sink: sink, Param: -1, Why: state.why, Timeout: timeout, Path: path}
}

func add(out map[reachKey]*Reach, r *Reach) {
	k := r.key()
	if old, ok := out[k]; !ok || r.better(old) {
		out[k] = r
	}
}

// sortedReaches orders reaches by sink site, for deterministic facts.
func sortedReaches(m map[reachKey]*Reach) []*Reach {
	out := make([]*Reach, 0, len(m))
	for _, r := range m {
		out = append(out, r)
	}
	slices.SortFunc(out, func(x, y *Reach) int {
		kx, ky := x.key(), y.key()
		if c := cmp.Compare(kx.site, ky.site); c != 0 {
			return c
		}
		return cmp.Compare(kx.param, ky.param)
	})
	return out
}

// exportFacts attaches the summaries of the package's functions (on their
// generic origins) and of its stored literals.
func (a *pkgAnalysis) exportFacts() {
	var closures Closures
	for _, u := range a.units {
		if len(u.reaches) == 0 || u.root != nil {
			continue
		}
		s := &Summary{AddrTaken: u.fn != nil && a.addrTaken[u.fn]}
		for _, r := range sortedReaches(u.reaches) {
			s.Reaches = append(s.Reaches, *r)
		}
		switch {
		case u.fn != nil:
			a.pass.ExportObjectFact(u.fn, s)
		case u.lit != nil && u.sig != nil:
			closures.Funcs = append(closures.Funcs, Closure{Signature: typeString(u.sig), Name: u.name, Summary: *s})
		}
	}
	if len(closures.Funcs) > 0 {
		a.pass.ExportPackageFact(&closures)
	}
}
