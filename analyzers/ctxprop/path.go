package ctxprop

import (
	"cmp"
	"iter"
	"slices"
	"strings"
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

// pathString renders the path as messages show it: ~ marks a dynamic hop.
func (r *Reach) pathString() string {
	parts := make([]string, 0, r.Len())
	for h := range r.Hops() {
		part := h.String()
		if h.Dynamic {
			part = "~" + part
		}
		parts = append(parts, part)
	}
	return strings.Join(parts, " → ")
}

// site is a call's position.
type site struct {
	file      string
	line, col int
}

func (s site) compare(t site) int {
	if c := cmp.Compare(s.file, t.file); c != 0 {
		return c
	}
	if c := cmp.Compare(s.line, t.line); c != 0 {
		return c
	}
	return cmp.Compare(s.col, t.col)
}

func (h Hop) site() site { return site{h.File, h.Line, h.Col} }

func (h Hop) compare(g Hop) int {
	if c := cmp.Compare(h.Func, g.Func); c != 0 {
		return c
	}
	if c := h.site().compare(g.site()); c != 0 {
		return c
	}
	switch {
	case h.Dynamic == g.Dynamic:
		return 0
	case g.Dynamic:
		return -1
	}
	return 1
}

// reachKey identifies a reach: its sink call site and context parameter.
// reachKey identifies a reach in a function: its sink's site, the
// parameter it runs under, and its guard, so that the paths under each
// value of a boolean parameter stay apart until a caller chooses one.
type reachKey struct {
	site
	param int
	guard guard
}

func (r *Reach) key() reachKey { return reachKey{r.Last().site(), r.Param, r.Guard} }

func (k reachKey) compare(l reachKey) int {
	if c := k.site.compare(l.site); c != 0 {
		return c
	}
	if c := cmp.Compare(k.param, l.param); c != 0 {
		return c
	}
	return k.guard.compare(l.guard)
}

// better reports whether r's path is preferable to s's: fewer dynamic hops,
// then fewer hops, then the first in hop-by-hop order, so that results do
// not depend on map order. It is a strict order on distinct paths, which
// the fixpoint in summarize relies on to end.
func (r *Reach) better(s *Reach) bool { return joined{nil, r.path}.better(joined{nil, s.path}) }

// joined is the path head followed by tail, compared without making it.
type joined struct {
	head []Hop
	tail *path
}

func (p joined) len() int { return len(p.head) + p.tail.len() }

func (p joined) dynamicHops() int {
	n := p.tail.dynamicHops()
	for _, h := range p.head {
		if h.Dynamic {
			n++
		}
	}
	return n
}

// better is Reach.better on joined paths.
func (p joined) better(q joined) bool {
	if a, b := p.dynamicHops(), q.dynamicHops(); a != b {
		return a < b
	}
	if p.len() != q.len() {
		return p.len() < q.len()
	}
	pi, qi := 0, 0 // indexes in the heads, then the tails' nodes
	pt, qt := p.tail, q.tail
	for range p.len() {
		if pi == len(p.head) && qi == len(q.head) && pt == qt {
			return false // the rest is shared
		}
		var g, h Hop
		if pi < len(p.head) {
			g, pi = p.head[pi], pi+1
		} else {
			g, pt = pt.hop, pt.next
		}
		if qi < len(q.head) {
			h, qi = q.head[qi], qi+1
		} else {
			h, qt = qt.hop, qt.next
		}
		if c := g.compare(h); c != 0 {
			return c < 0
		}
	}
	return false
}
