package calltargets

import (
	"slices"
)

// labelSets holds what reaches each node once types have flowed: the
// labels of the node's strongly connected component, as sorted label ids.
// Components with one source and nothing of their own share its set.
type labelSets struct {
	labels []label
	ids    map[label]int32
	comp   []int32   // node → component
	sets   [][]int32 // component → label ids
}

func (s *labelSets) at(n int32) []int32 { return s.sets[s.comp[n]] }

// propagate lets every node's initial label flow along the edges.
func (g *graph) propagate() *labelSets {
	for i, succ := range g.succ {
		slices.Sort(succ)
		g.succ[i] = slices.Compact(succ)
	}
	comps, comp := g.components()
	ids := make(map[label]int32)
	ls := &labelSets{ids: ids, comp: comp, sets: make([][]int32, len(comps))}
	own := make([][]int32, len(comps))
	for n, nd := range g.nodes {
		l, ok := g.initial(nd)
		if !ok {
			continue
		}
		id, ok := ids[l]
		if !ok {
			id = int32(len(ls.labels))
			ids[l] = id
			ls.labels = append(ls.labels, l)
		}
		c := comp[n]
		own[c] = append(own[c], id)
	}

	// components are in reverse topological order: sources come last.
	in := make([][][]int32, len(comps))
	mark := make([]bool, len(ls.labels))
	for c := len(comps) - 1; c >= 0; c-- {
		set := union(own[c], in[c], mark)
		in[c] = nil
		ls.sets[c] = set
		if len(set) == 0 {
			continue
		}
		for _, n := range comps[c] {
			for _, s := range g.succ[n] {
				if sc := comp[s]; sc != int32(c) && (len(in[sc]) == 0 || !sameSlice(in[sc][len(in[sc])-1], set)) {
					in[sc] = append(in[sc], set)
				}
			}
		}
	}
	return ls
}

// union returns the sorted union of own and the sets in from, sharing a
// set of from when it holds all the others. mark is all false, and is
// left so.
func union(own []int32, from [][]int32, mark []bool) []int32 {
	if len(own) == 0 {
		switch len(from) {
		case 0:
			return nil
		case 1:
			return from[0]
		}
	}
	// Count the distinct labels first, so that out is allocated once.
	n := 0
	count := func(ids []int32) {
		for _, id := range ids {
			if !mark[id] {
				mark[id] = true
				n++
			}
		}
	}
	count(own)
	for _, s := range from {
		count(s)
	}
	var largest []int32
	for _, s := range from {
		if len(s) > len(largest) {
			largest = s
		}
	}
	if n == len(largest) {
		// largest holds all the others: share it.
		for _, id := range largest {
			mark[id] = false
		}
		return largest
	}
	out := make([]int32, 0, n)
	take := func(ids []int32) {
		for _, id := range ids {
			if mark[id] {
				mark[id] = false
				out = append(out, id)
			}
		}
	}
	take(own)
	for _, s := range from {
		take(s)
	}
	slices.Sort(out)
	return out
}

func sameSlice(a, b []int32) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// components returns the strongly connected components of g in reverse
// topological order (Tarjan's algorithm, without recursion: the graph of
// a large program is deep), and the component of each node.
func (g *graph) components() (comps [][]int32, comp []int32) {
	n := len(g.nodes)
	index := make([]int32, n) // 0: not visited; else preorder number + 1
	low := make([]int32, n)
	onStack := make([]bool, n)
	comp = make([]int32, n)
	var stack []int32
	type frame struct{ v, next int32 }
	var calls []frame
	next := int32(1)
	for root := range int32(n) {
		if index[root] != 0 {
			continue
		}
		calls = append(calls, frame{v: root})
		index[root], low[root] = next, next
		next++
		stack = append(stack, root)
		onStack[root] = true
		for len(calls) > 0 {
			f := &calls[len(calls)-1]
			v := f.v
			if int(f.next) < len(g.succ[v]) {
				w := g.succ[v][f.next]
				f.next++
				if index[w] == 0 {
					index[w], low[w] = next, next
					next++
					stack = append(stack, w)
					onStack[w] = true
					calls = append(calls, frame{v: w})
				} else if onStack[w] {
					low[v] = min(low[v], index[w])
				}
				continue
			}
			calls = calls[:len(calls)-1]
			if len(calls) > 0 {
				u := calls[len(calls)-1].v
				low[u] = min(low[u], low[v])
			}
			if low[v] == index[v] {
				id := int32(len(comps))
				i := len(stack) - 1
				for stack[i] != v {
					i--
				}
				members := slices.Clone(stack[i:])
				stack = stack[:i]
				for _, w := range members {
					onStack[w] = false
					comp[w] = id
				}
				comps = append(comps, members)
			}
		}
	}
	return comps, comp
}
