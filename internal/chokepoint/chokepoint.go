// Package chokepoint ranks the functions on ctxprop's reported paths by
// the number of paths each sits on: where one context parameter bounds
// the most stuck paths, the first places a migrating team looks.
//
// A path runs from a loop, which makes the context, through functions
// that must each take it, to a blocking call. Every function after the
// loop is a candidate; one that many loops reach on their way to many
// sinks (a shared client's fetch, a tagger's lookup) is a choke point.
package chokepoint

import (
	"cmp"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
)

// A Path is one reported stuck path.
type Path struct {
	Loop string        // the component whose loop the path starts in
	Sink string        // the blocking call, or the dependency's function the path enters
	Hops []ctxprop.Hop // from the loop's call to the sink's
}

// A Point is a function on reported paths below their loops.
type Point struct {
	Func  string   // as the hops name it: F, T.M, F.func1
	File  string   // the file of its first call on a path
	Paths int      // the paths it sits on
	Loops []string // the loops of those paths, sorted
	Sinks []Count  // their sinks, the most frequent first
}

// A Count is a sink and the number of a Point's paths that end in it.
type Count struct {
	Sink  string
	Paths int
}

// Rank returns the functions of the paths, past each path's first hop
// (the loop's own call), ranked by paths, then loops, then name and file;
// and direct, the number of paths whose loop calls the sink itself, which
// no function below the loop can bound.
func Rank(paths []Path) (points []Point, direct int) {
	type key struct{ dir, fn string }
	type acc struct {
		Point
		loops map[string]bool
		sinks map[string]int
	}
	byFunc := map[key]*acc{}
	var order []key
	for _, p := range paths {
		if len(p.Hops) <= 1 {
			direct++
			continue
		}
		seen := map[key]bool{}
		for _, h := range p.Hops[1:] {
			file := h.Filename()
			k := key{filepath.Dir(file), h.Func}
			if seen[k] { // a recursive path passes it twice
				continue
			}
			seen[k] = true
			a := byFunc[k]
			if a == nil {
				a = &acc{Point: Point{Func: h.Func, File: file}, loops: map[string]bool{}, sinks: map[string]int{}}
				byFunc[k] = a
				order = append(order, k)
			}
			a.Paths++
			a.loops[p.Loop] = true
			a.sinks[p.Sink]++
		}
	}
	for _, k := range order {
		a := byFunc[k]
		a.Loops = slices.Sorted(func(yield func(string) bool) {
			for l := range a.loops {
				if !yield(l) {
					return
				}
			}
		})
		for s, n := range a.sinks {
			a.Sinks = append(a.Sinks, Count{s, n})
		}
		slices.SortFunc(a.Sinks, func(x, y Count) int {
			return cmp.Or(cmp.Compare(y.Paths, x.Paths), strings.Compare(x.Sink, y.Sink))
		})
		points = append(points, a.Point)
	}
	slices.SortFunc(points, func(x, y Point) int {
		return cmp.Or(cmp.Compare(y.Paths, x.Paths), cmp.Compare(len(y.Loops), len(x.Loops)),
			strings.Compare(x.Func, y.Func), strings.Compare(x.File, y.File))
	})
	return points, direct
}
