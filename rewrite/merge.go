package rewrite

import (
	"go/token"
	"slices"
	"strings"
)

// mergeShared joins the change sets that edit a position in common into
// one, keeping the order of their first member. Groups are connected
// components of the flow graph and should never overlap, but matching an
// interface to its implementations is not symmetric in every corner (a
// method promoted from an embedded type, a package and its test variant):
// two sets holding one declaration would give it two ctx parameters, and
// each would break the other's build.
func mergeShared(sets []*ChangeSet) []*ChangeSet {
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
		for _, pos := range setPositions(cs) {
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
	merged := map[int]*ChangeSet{}
	var out []*ChangeSet
	for i, cs := range sets {
		r := find(i)
		m, ok := merged[r]
		if !ok {
			if size[r] == 1 {
				out = append(out, cs) // alone: kept as it is
				continue
			}
			m = &ChangeSet{}
			merged[r] = m
			out = append(out, m)
		}
		m.join(cs)
	}
	return out
}

// join adds cs's edits to m.
func (m *ChangeSet) join(cs *ChangeSet) {
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
	m.AddParam = uniqPos(append(m.AddParam, cs.AddParam...))
	m.PassCtx = uniqPos(append(m.PassCtx, cs.PassCtx...))
	m.Empty = uniqPos(append(m.Empty, cs.Empty...))
	m.Sinks = uniqPos(append(m.Sinks, cs.Sinks...))
	m.NameCtx = uniqPos(append(m.NameCtx, cs.NameCtx...))
	m.Adapt = uniqPos(append(m.Adapt, cs.Adapt...))
	m.Compat = uniqPos(append(m.Compat, cs.Compat...))
	if m.Loop == nil {
		m.Loop = cs.Loop
	}
	for _, e := range cs.Excluded {
		if !slices.Contains(m.Excluded, e) {
			m.Excluded = append(m.Excluded, e)
		}
	}
}
