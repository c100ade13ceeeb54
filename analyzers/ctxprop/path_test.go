package ctxprop

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// betterSlices is the order of better on paths as plain slices: fewer
// dynamic hops, then fewer hops, then the first in hop-by-hop order.
func betterSlices(p, q []Hop) bool {
	dyn := func(hs []Hop) int {
		n := 0
		for _, h := range hs {
			if h.Dynamic {
				n++
			}
		}
		return n
	}
	if a, b := dyn(p), dyn(q); a != b {
		return a < b
	}
	if len(p) != len(q) {
		return len(p) < len(q)
	}
	return slices.CompareFunc(p, q, Hop.compare) < 0
}

// Shared tails change nothing: a reach made by prepending hops to another's
// path reads, compares and equals as the same hops copied would.
func TestSharedPaths(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	hop := func() Hop {
		return Hop{Func: []string{"F", "G", "T.M"}[rng.IntN(3)], File: "a.go", Line: 1 + rng.IntN(3), Col: 2, Dynamic: rng.IntN(4) == 0}
	}
	hops := func(n int) []Hop {
		out := make([]Hop, n)
		for i := range out {
			out[i] = hop()
		}
		return out
	}
	// A few tails, and paths that extend them: as summaries grow.
	var tails []*path
	var tailHops [][]Hop
	for range 6 {
		hs := hops(1 + rng.IntN(4))
		tails = append(tails, newPath(hs, nil))
		tailHops = append(tailHops, hs)
	}
	for range 2000 {
		i, j := rng.IntN(len(tails)), rng.IntN(len(tails))
		head, other := hops(rng.IntN(3)), hops(rng.IntN(3))
		p := joined{head, tails[i]}
		q := joined{nil, newPath(other, tails[j])}
		ps := append(slices.Clone(head), tailHops[i]...)
		qs := append(slices.Clone(other), tailHops[j]...)
		if got, want := p.better(q), betterSlices(ps, qs); got != want {
			t.Fatalf("better(%v, %v) = %v, want %v", ps, qs, got, want)
		}
		r := &Reach{}
		r.SetPath(ps)
		s := &Reach{path: newPath(head, tails[i])}
		if !r.path.equal(s.path) || !slices.Equal(s.Path(), ps) || s.Len() != len(ps) {
			t.Fatalf("shared path %v reads %v (len %d), or differs from the same hops copied", ps, s.Path(), s.Len())
		}
		if len(ps) > 0 && (s.First() != ps[0] || s.Last() != ps[len(ps)-1]) {
			t.Fatalf("path %v: first %v, last %v", ps, s.First(), s.Last())
		}
		if got, want := r.path.equal(newPath(qs, nil)), slices.Equal(ps, qs); got != want {
			t.Fatalf("equal(%v, %v) = %v, want %v", ps, qs, got, want)
		}
	}
	// Prepend leaves the reach it copied alone.
	base := &Reach{}
	base.SetPath(tailHops[0])
	ext := *base
	ext.Prepend(Hop{Func: "Top", File: "b.go", Line: 9})
	if !slices.Equal(base.Path(), tailHops[0]) || ext.Len() != len(tailHops[0])+1 || ext.First().Func != "Top" {
		t.Errorf("Prepend: base %v, extended %v", base.Path(), ext.Path())
	}
}
