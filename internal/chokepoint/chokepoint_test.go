package chokepoint

import (
	"reflect"
	"testing"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
)

func hops(names ...string) []ctxprop.Hop {
	out := make([]ctxprop.Hop, len(names))
	for i, n := range names {
		out[i] = ctxprop.Hop{Func: n, File: "/m/p/p.go", Line: i + 1}
	}
	return out
}

// TestRank: a function is counted once per path, even where the path
// recurses through it; two functions of one name in different packages
// are two; ties go to the function of more loops, then by name; a path of
// one hop (the loop's own call) counts as direct.
func TestRank(t *testing.T) {
	other := hops("Loop", "fetch")
	other[1].File = "/m/q/q.go"
	cgo := hops("Loop", "query")
	cgo[1].File, cgo[1].Source = "/cache/cgo1.go", "/m/p/c.go:3:4"
	paths := []Path{
		{Loop: `"a"`, Sink: "Get", Hops: hops("Loop", "walk", "walk", "fetch")},
		{Loop: `"b"`, Sink: "Get", Hops: hops("Loop", "walk", "fetch")},
		{Loop: `"b"`, Sink: "Post", Hops: hops("Loop", "send")},
		{Loop: `"b"`, Sink: "Post", Hops: hops("Loop", "send")},
		{Loop: `"a"`, Sink: "Dial", Hops: other},
		{Loop: `"a"`, Sink: "Query", Hops: cgo},
		{Loop: `"a"`, Sink: "Head", Hops: hops("Loop")},
	}
	got, direct := Rank(paths)
	want := []Point{
		{Func: "fetch", File: "/m/p/p.go", Paths: 2, Loops: []string{`"a"`, `"b"`}, Sinks: []Count{{"Get", 2}}},
		{Func: "walk", File: "/m/p/p.go", Paths: 2, Loops: []string{`"a"`, `"b"`}, Sinks: []Count{{"Get", 2}}},
		{Func: "send", File: "/m/p/p.go", Paths: 2, Loops: []string{`"b"`}, Sinks: []Count{{"Post", 2}}},
		{Func: "fetch", File: "/m/q/q.go", Paths: 1, Loops: []string{`"a"`}, Sinks: []Count{{"Dial", 1}}},
		{Func: "query", File: "/m/p/c.go", Paths: 1, Loops: []string{`"a"`}, Sinks: []Count{{"Query", 1}}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Rank:\n got %+v\nwant %+v", got, want)
	}
	if direct != 1 {
		t.Errorf("direct = %d, want 1", direct)
	}
}
