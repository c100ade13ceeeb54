package change

import (
	"go/token"
	"slices"
	"strings"
)

// Merge joins the change sets that edit a position in common into
// one, keeping the order of their first member. Groups are connected
// components of the flow graph and should never overlap, but matching an
// interface to its implementations is not symmetric in every corner (a
// method promoted from an embedded type, a package and its test variant):
// two sets holding one declaration would give it two ctx parameters, and
// each would break the other's build.
func Merge(sets []*Set) []*Set {
	parent := make([]int, len(sets))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	owner := map[token.Pos]int{}
	for i, cs := range sets {
		for _, pos := range cs.Positions() {
			if j, ok := owner[pos]; ok {
				if a, b := find(i), find(j); a != b {
					parent[max(a, b)] = min(a, b)
				}
				continue
			}
			owner[pos] = i
		}
	}
	size := make([]int, len(sets))
	for i := range sets {
		size[find(i)]++
	}
	merged := map[int]*Set{}
	var out []*Set
	for i, cs := range sets {
		r := find(i)
		m, ok := merged[r]
		if !ok {
			if size[r] == 1 {
				out = append(out, cs) // alone: kept as it is
				continue
			}
			m = &Set{}
			merged[r] = m
			out = append(out, m)
		}
		m.join(cs)
	}
	return out
}

// join adds cs's edits to m.
func (m *Set) join(cs *Set) {
	names := strings.Split(cs.Name, ", ")
	if m.Name != "" {
		names = append(strings.Split(m.Name, ", "), names...)
	}
	slices.Sort(names)
	m.Name = strings.Join(slices.Compact(names), ", ")
	for _, p := range cs.Paths {
		if !slices.Contains(m.Paths, p) {
			m.Paths = append(m.Paths, p)
		}
	}
	m.AddParam = Uniq(append(m.AddParam, cs.AddParam...))
	m.PassCtx = Uniq(append(m.PassCtx, cs.PassCtx...))
	m.Empty = Uniq(append(m.Empty, cs.Empty...))
	m.Sinks = Uniq(append(m.Sinks, cs.Sinks...))
	m.NameCtx = Uniq(append(m.NameCtx, cs.NameCtx...))
	m.Adapt = Uniq(append(m.Adapt, cs.Adapt...))
	m.Compat = Uniq(append(m.Compat, cs.Compat...))
	if m.Loop == nil {
		m.Loop = cs.Loop
	}
	for _, e := range cs.Excluded {
		if !slices.Contains(m.Excluded, e) {
			m.Excluded = append(m.Excluded, e)
		}
	}
}
