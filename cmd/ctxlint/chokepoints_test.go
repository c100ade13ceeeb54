package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
)

const chokepointsFixture = "./testdata/chokepoints/..."

// TestChokepoints: in the fixture, two loops reach the tagger's Tags,
// which calls two services; loop "b" also resolves a name and calls a
// sink itself. Tags sits on four of the six paths, each service call on
// two, the resolver on one; the direct call on none. Per package and over
// the whole program, the ranking is the same.
func TestChokepoints(t *testing.T) {
	want := `6 stuck paths, 1 from the loop straight to the sink; the functions on them, on the most paths first:
Tags (testdata/chokepoints/tagger/tagger.go): 4 paths from 2 loops
	loops: "a", "b"
	sinks: net/http.Get ×2, net/http.Post ×2
docker (testdata/chokepoints/tagger/tagger.go): 2 paths from 2 loops
	loops: "a", "b"
	sinks: net/http.Post ×2
kubelet (testdata/chokepoints/tagger/tagger.go): 2 paths from 2 loops
	loops: "a", "b"
	sinks: net/http.Get ×2
resolve (testdata/chokepoints/loops/loops.go): 1 path from 1 loop
	loops: "b"
	sinks: net.LookupHost ×1
`
	for _, args := range [][]string{{"-chokepoints"}, {"-chokepoints", "-whole-program"}} {
		var stdout, stderr bytes.Buffer
		if code := standalone(append(args, chokepointsFixture), &stdout, &stderr); code != 0 {
			t.Fatalf("ctxlint %s: exit code %d, want 0; stderr: %s", strings.Join(args, " "), code, stderr.String())
		}
		if got := stdout.String(); got != want {
			t.Errorf("ctxlint %s:\n%s\nwant:\n%s", strings.Join(args, " "), got, want)
		}
	}
}

func TestChokepointsJSON(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := standalone([]string{"-chokepoints", "-json", chokepointsFixture}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit code %d, want 0; stderr: %s", code, stderr.String())
	}
	var got jsonChokepoints
	if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
		t.Fatalf("%v:\n%s", err, stdout.String())
	}
	if got.Paths != 6 || got.Direct != 1 || len(got.Chokepoints) != 4 {
		t.Fatalf("%d paths, %d direct, %d functions; want 6, 1, 4:\n%s", got.Paths, got.Direct, len(got.Chokepoints), stdout.String())
	}
	top := got.Chokepoints[0]
	if top.Func != "Tags" || !strings.HasSuffix(top.File, "/testdata/chokepoints/tagger/tagger.go") || top.Paths != 4 ||
		strings.Join(top.Loops, ",") != `"a","b"` || len(top.Sinks) != 2 || top.Sinks[0] != (chokepointSink{"net/http.Get", 2}) {
		t.Errorf("first: %+v, want Tags in tagger.go on 4 paths of loops a and b, 2 of them to net/http.Get", top)
	}
}

func TestChokepointsUsage(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := standalone([]string{"-chokepoints", "-format=sarif", chokepointsFixture}, &stdout, &stderr); code != 2 {
		t.Errorf("-chokepoints -format=sarif: exit code %d, want 2", code)
	}
	if !strings.Contains(stderr.String(), "pick one") {
		t.Errorf("stderr %q, want it to say to pick one", stderr.String())
	}
}

// TestChokepointPathsInModule: a path through a dynamic call may enter a
// dependency, whose functions cannot take a context parameter: only the
// hops in the main modules (a cgo file's by the name its author edits)
// are candidates.
func TestChokepointPathsInModule(t *testing.T) {
	chain := []ctxprop.Hop{
		{Func: "Loop", File: "/src/m/loop.go"},
		{Func: "query", File: "/src/m/q.go"},
		{Func: "Client.Exchange", File: "/mod/dns@v1/client.go"},
		{Func: "callback", File: "/cache/cgo2.go", Source: "/src/m/cb.go:4:2"},
	}
	got := chokepointPaths([]finding{{chain: chain, loop: `"a"`, sink: "Dial"}, {message: "a todoctx finding"}}, []string{"/src/m"})
	if len(got) != 1 {
		t.Fatalf("%d paths, want 1", len(got))
	}
	var names []string
	for _, h := range got[0].Hops {
		names = append(names, h.Func)
	}
	if strings.Join(names, " ") != "Loop query callback" || len(chain) != 4 {
		t.Errorf("hops %v, want Loop query callback (and the finding's chain kept whole)", names)
	}
}
