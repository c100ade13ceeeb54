package ctxprop

import (
	"iter"
	"slices"
)

// A path is the list of hops from a call to its sink. A caller's reach
// puts its own hops in front of its callee's path and shares the rest: on
// a large program most reaches extend another by one hop, and copying the
// whole path at every level made the summaries' memory grow with reaches
// times depth. Paths are immutable once made.
type path struct {
	hop  Hop
	next *path
	last *path // the sink's hop: the end of the list
	n    int   // hops from here to the end
	dyn  int   // dynamic hops among them
}

// newPath returns hops followed by tail (nil for none), sharing tail.
func newPath(hops []Hop, tail *path) *path {
	if len(hops) == 0 {
		return tail
	}
	nodes := make([]path, len(hops)) // one allocation for the new hops
	for i := len(hops) - 1; i >= 0; i-- {
		p := &nodes[i]
		p.hop, p.next = hops[i], tail
		p.n, p.dyn, p.last = 1, 0, p
		if tail != nil {
			p.n, p.dyn, p.last = tail.n+1, tail.dyn, tail.last
		}
		if p.hop.Dynamic {
			p.dyn++
		}
		tail = p
	}
	return tail
}

func (p *path) len() int {
	if p == nil {
		return 0
	}
	return p.n
}

func (p *path) dynamicHops() int {
	if p == nil {
		return 0
	}
	return p.dyn
}

// all yields the hops in order.
func (p *path) all() iter.Seq[Hop] {
	return func(yield func(Hop) bool) {
		for ; p != nil; p = p.next {
			if !yield(p.hop) {
				return
			}
		}
	}
}

// equal reports whether p and q have the same hops.
func (p *path) equal(q *path) bool {
	for p != q {
		if p == nil || q == nil || p.n != q.n || p.hop != q.hop {
			return false
		}
		p, q = p.next, q.next
	}
	return true
}

// Path returns the hops from the call in the reaching function to the
// sink call (or, behind an Entry, to the last call in the user's code).
// The slice is the caller's to keep.
func (r *Reach) Path() []Hop { return slices.AppendSeq(make([]Hop, 0, r.path.len()), r.path.all()) }

// Hops yields the hops of Path without making the slice.
func (r *Reach) Hops() iter.Seq[Hop] { return r.path.all() }

// Len is the number of hops of Path.
func (r *Reach) Len() int { return r.path.len() }

// First is the first hop of Path: the call in the reaching function. A
// reach has at least one hop.
func (r *Reach) First() Hop { return r.path.hop }

// Last is the last hop of Path: the sink call, or the call into code the
// user cannot edit.
func (r *Reach) Last() Hop { return r.path.last.hop }

// SetPath makes hops the reach's path.
func (r *Reach) SetPath(hops []Hop) { r.path = newPath(hops, nil) }

// Prepend puts hops before the reach's path, sharing the old path.
func (r *Reach) Prepend(hops ...Hop) { r.path = newPath(hops, r.path) }
