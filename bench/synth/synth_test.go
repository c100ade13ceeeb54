package synth_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

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

// TestLoadTests checks that LoadTests adds what the plain run analyses
// beyond Load: a package's test variant and its test main.
func TestLoadTests(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks the testing package and its dependencies from source")
	}
	dir := t.TempDir()
	for name, text := range map[string]string{
		"go.mod":    "module example.com/m\n\ngo 1.26\n",
		"m.go":      "package m\n\nfunc F() int { return 1 }\n",
		"m_test.go": "package m\n\nimport \"testing\"\n\nfunc TestF(t *testing.T) { _ = F() }\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ids := func(load func(string, ...string) ([]*packages.Package, error)) []string {
		pkgs, err := load(dir, "./...")
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, p := range pkgs {
			out = append(out, p.ID)
		}
		slices.Sort(out)
		return out
	}
	if got, want := ids(synth.Load), []string{"example.com/m"}; !slices.Equal(got, want) {
		t.Errorf("Load: %q, want %q", got, want)
	}
	want := []string{"example.com/m", "example.com/m [example.com/m.test]", "example.com/m.test"}
	if got := ids(synth.LoadTests); !slices.Equal(got, want) {
		t.Errorf("LoadTests: %q, want %q", got, want)
	}
}
