package ctxprop

import (
	"go/ast"
	"go/token"
	"slices"
)

// A method that hands its receiver (or a parameter, or a struct either
// holds by value) to a callee that calls through the object's field
// makes that field call too: r.Run() calls r.step(), which calls
// r.opts.attempt(). The callee's field call becomes the unit's own
// (forwarded), so that Run's callers resolve it by the object they call
// Run on, as they would step's. The reaches the callee's field call
// stands for are tagged with the forwarded one (event.forwards), so a
// caller's resolution replaces them.

// forwardedCall is the callee's side of a forwarded field call.
type forwardedCall struct {
	// tail is the callee's path, from its own hops to its field call.
	tail []Hop
	// args are the field call's carrier arguments, in the unit's terms.
	args []ArgState
}

// forwardRef says that field call field of the event's target target is
// the unit's field call index-1.
type forwardRef struct{ target, field, index int }

// forwardOf returns 1 + the index of the unit's field call that stands
// for field call k of target ti, or 0.
func (ev *event) forwardOf(ti, k int) int {
	for _, f := range ev.forwards {
		if f.target == ti && f.field == k {
			return f.index
		}
	}
	return 0
}

// forwardFields makes the field calls each unit forwards its own, until
// none is added: a unit's forwarded calls are its callers' to forward.
func (a *pkgAnalysis) forwardFields() {
	for changed := true; changed; {
		changed = false
		for _, u := range a.units {
			if u.fn == nil || u.root != nil || u.decl == nil {
				continue
			}
			for _, ev := range u.events {
				if ev.call == nil {
					continue
				}
				for ti, t := range ev.targets {
					if t.entry != "" {
						continue
					}
					for k, n := 0, a.calleeFieldCount(t); k < n; k++ {
						if ev.forwardOf(ti, k) == 0 && a.forward(u, ev, ti, k) {
							changed = true
						}
					}
				}
			}
		}
	}
}

// calleeFieldCount returns how many field calls a target makes; a unit's
// may grow while forwarding.
func (a *pkgAnalysis) calleeFieldCount(t target) int {
	if t.summary != nil {
		return len(t.summary.Fields)
	}
	return len(t.unit.fields)
}

// calleeField returns field call k of a target, without fixing a unit's
// (forwarding may add to them still).
func (a *pkgAnalysis) calleeField(t target, k int) FieldCall {
	if t.summary != nil {
		return t.summary.Fields[k]
	}
	return a.fieldFact(t.unit, t.unit.fields[k])
}

// forward makes field call k of the event's target ti the unit's own
// when the event passes the unit's object to it.
func (a *pkgAnalysis) forward(u *unit, ev *event, ti, k int) bool {
	t := ev.targets[ti]
	var param int
	if t.summary != nil {
		param = t.summary.Fields[k].Param
	} else {
		param = t.unit.fields[k].param
	}
	obj, embedded := objectArg(a.info, ev.call, param, t.shift)
	if obj == nil {
		return false
	}
	if addr, ok := ast.Unparen(obj).(*ast.UnaryExpr); ok && addr.Op == token.AND {
		obj = addr.X // &r.inner: the struct r holds
	}
	base, fs := valueFields(a.info, obj)
	if len(fs) > 0 && !byValue(fs[len(fs)-1]) {
		return false
	}
	if star, ok := base.(*ast.StarExpr); ok {
		base = ast.Unparen(star.X)
	}
	id, ok := base.(*ast.Ident)
	if !ok {
		return false
	}
	own := receiverOrParam(u.decl, a.info, a.info.Uses[id])
	if own == -2 {
		return false
	}
	fc := a.calleeField(t, k)
	prefix := append(slices.Clip(fs), embedded...)
	path, pkg := fc.Field, fc.FieldPkg
	if len(prefix) > 0 {
		path, pkg = fieldPath(prefix)+"."+path, prefix[0].Pkg().Path()
	}
	assigned, setters := fc.Open && !fc.Setters, fc.Setters
	for _, f := range prefix {
		if f.Pkg() == a.pass.Pkg {
			assigned = assigned || a.fieldAssigned[f.Origin()]
			setters = setters || a.fieldSetters[f.Origin()]
		}
	}
	// One field call per object and path: a recursive call forwards the
	// unit's own, which must not grow without end.
	for i, have := range u.fields {
		if have.param == own && have.path == path && have.pkg == pkg {
			ev.forwards = append(ev.forwards, forwardRef{target: ti, field: k, index: i + 1})
			return true
		}
	}
	a.eventHops(u, ev)
	args := make([]ArgState, len(fc.Args))
	for j, s := range fc.Args {
		args[j] = s
		if st := s.state(); st != nil && st.kind == fromParam {
			if i := st.param + t.shift; i < len(ev.args) && ev.args[i] != nil {
				args[j] = argState(ev.args[i])
			} else {
				st := unboundedBy("argument %d of unknown origin", i)
				args[j] = argState(&st)
			}
		}
	}
	u.fields = append(u.fields, &fieldCall{ev: ev, param: own, path: path, pkg: pkg,
		open: assigned || setters, setters: setters && !assigned,
		forwarded: &forwardedCall{tail: fc.Path, args: args}})
	ev.forwards = append(ev.forwards, forwardRef{target: ti, field: k, index: len(u.fields)})
	return true
}
