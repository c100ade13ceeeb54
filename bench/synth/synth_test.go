package synth_test

import (
	"regexp"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
	"github.com/ctxlint/ctxlint/bench/synth"
)

// TestGenerate checks that a generated module type-checks and that ctxprop
// finds what the benchmarks rely on: every Poll loop reaches net/http.Get
// without the deadline, and the path lattice's loop reaches its sinks.
func TestGenerate(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks a generated module and its dependencies from source")
	}
	dir := t.TempDir()
	st, err := synth.Generate(dir, synth.Config{Packages: 8, Depth: 4, Cluster: 2, Fillers: 4, Replace: "../.."})
	if err != nil {
		t.Fatal(err)
	}
	if st.Packages != 9 || st.Unbounded != 2 || st.Loops < 3 || st.Todos != 8 {
		t.Errorf("stats: %+v", st)
	}
	if err := synth.WritePathPackage(dir, "paths", 3, 2); err != nil {
		t.Fatal(err)
	}
	pkgs, err := synth.Load(dir, "./...")
	if err != nil {
		t.Fatal(err)
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{ctxprop.Analyzer}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	poll := regexp.MustCompile(`^"(p\d+)-poll" \(readiness\): net/http\.Get without the health deadline`)
	polled := map[string]bool{}
	paths := 0
	for _, act := range graph.Roots {
		if act.Err != nil {
			t.Errorf("%s: %v", act, act.Err)
		}
		for _, d := range act.Diagnostics {
			if m := poll.FindStringSubmatch(d.Message); m != nil {
				polled[m[1]] = true
			}
			if act.Package.Name == "paths" {
				paths++
			}
		}
	}
	if len(polled) != st.Unbounded {
		t.Errorf("Poll loops reported: %v, want %d", polled, st.Unbounded)
	}
	if paths != 2 {
		t.Errorf("path lattice: %d reports, want one per sink (2)", paths)
	}
}
