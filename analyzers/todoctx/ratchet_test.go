package todoctx_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/ctxlint/ctxlint/analyzers/todoctx"
)

// analyze loads the module in dir and returns todoctx's messages and sites.
func analyze(t *testing.T, dir string) (msgs []string, sites []*todoctx.Site) {
	t.Helper()
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax, Dir: dir}, "./...")
	if err != nil || packages.PrintErrors(pkgs) > 0 {
		t.Fatalf("load %s: %v", dir, err)
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{todoctx.Analyzer}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	for act := range graph.All() {
		if act.Err != nil {
			t.Fatalf("%s: %v", act, act.Err)
		}
		if act.IsRoot {
			for _, d := range act.Diagnostics {
				msgs = append(msgs, d.Message)
			}
			sites = append(sites, act.Result.(*todoctx.Result).Sites...)
		}
	}
	slices.Sort(msgs)
	return msgs, sites
}

func writeModule(t *testing.T, dir, src string) {
	t.Helper()
	writeFile(t, filepath.Join(dir, "go.mod"), "module example.com/ratchet\n\ngo 1.26\n")
	writeFile(t, filepath.Join(dir, "a.go"), src)
}

// writeFile writes a file, making its directory.
func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

const ratchetSrc = `package ratchet

import "context"

func F() { use(context.TODO()) }

func G() { use(context.TODO()) }

func use(context.Context) {}
`

// TestRatchet: write a baseline; a new TODO is the only report; a fixed
// one leaves a stale entry, reported so the baseline shrinks. Moving code
// does not disturb it.
func TestRatchet(t *testing.T) {
	dir := t.TempDir()
	writeModule(t, dir, ratchetSrc)
	msgs, sites := analyze(t, dir)
	if len(msgs) != 2 || len(sites) != 2 {
		t.Fatalf("without a baseline: %d reports, %d sites; want 2", len(msgs), len(sites))
	}
	baseline := filepath.Join(t.TempDir(), "todo.baseline")
	f, err := os.Create(baseline)
	if err != nil {
		t.Fatal(err)
	}
	if err := todoctx.WriteBaseline(f, sites); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}

	flag := todoctx.Analyzer.Flags.Lookup("baseline")
	if err := flag.Value.Set(baseline); err != nil {
		t.Fatal(err)
	}
	defer flag.Value.Set("")

	// Unchanged, and with the code moved: nothing to report.
	if msgs, _ := analyze(t, dir); len(msgs) != 0 {
		t.Errorf("with the baseline: %v", msgs)
	}
	writeModule(t, dir, strings.Replace(ratchetSrc, "func F()", "// F moved down a line.\n\nfunc F()", 1))
	if msgs, _ := analyze(t, dir); len(msgs) != 0 {
		t.Errorf("after moving F: %v", msgs)
	}

	// One new TODO: exactly one report.
	writeModule(t, dir, ratchetSrc+"\nfunc H() { use(context.TODO()) }\n")
	msgs, _ = analyze(t, dir)
	if len(msgs) != 1 || !strings.HasPrefix(msgs[0], "context.TODO() in H ") {
		t.Errorf("after adding a TODO: %q, want one report for H", msgs)
	}

	// One fixed: exactly one stale-entry report.
	writeModule(t, dir, strings.Replace(ratchetSrc, "func G() { use(context.TODO()) }", "func G() { use(context.Background()) }", 1))
	msgs, _ = analyze(t, dir)
	want := `stale baseline entry "example.com/ratchet G 1": no such context.TODO() any more: remove it from ` + baseline
	if len(msgs) != 1 || msgs[0] != want {
		t.Errorf("after fixing a TODO: %q, want [%q]", msgs, want)
	}
}

func TestReadBaseline(t *testing.T) {
	b, err := todoctx.ReadBaseline(strings.NewReader("# header\n\nexample.com/p F 1\nexample.com/p T.M 2\n"))
	if err != nil || len(b) != 2 || !b["example.com/p T.M 2"] {
		t.Errorf("ReadBaseline = %v, %v", b, err)
	}
	for _, bad := range []string{"example.com/p F\n", "example.com/p F zero\n", "example.com/p F 0\n"} {
		if _, err := todoctx.ReadBaseline(strings.NewReader(bad)); err == nil {
			t.Errorf("ReadBaseline(%q) accepted it", bad)
		}
	}
}

// TestStaleTestFunctions: a package is analysed with and without its test
// files; an entry for a TODO in a test function is not stale because the
// variant without the test files does not see it. A stale entry is still
// reported, once.
func TestStaleTestFunctions(t *testing.T) {
	dir := t.TempDir()
	writeModule(t, dir, ratchetSrc)
	writeFile(t, filepath.Join(dir, "a_test.go"), `package ratchet

import (
	"context"
	"testing"
)

func TestF(t *testing.T) { use(context.TODO()) }
`)
	path := filepath.Join(t.TempDir(), "todo.baseline")
	writeFile(t, path, "example.com/ratchet F 1\nexample.com/ratchet G 1\nexample.com/ratchet TestF 1\n")
	setBaseline(t, path)
	if msgs, err := run(t, dir); len(msgs) != 0 || err != "" {
		t.Errorf("every site baselined: %q, %s", msgs, err)
	}

	writeFile(t, path, "example.com/ratchet F 1\nexample.com/ratchet G 1\nexample.com/ratchet TestF 1\nexample.com/ratchet H 1\n")
	want := `stale baseline entry "example.com/ratchet H 1": no such context.TODO() any more: remove it from ` + path
	if msgs, err := run(t, dir); len(msgs) != 1 || msgs[0] != want || err != "" {
		t.Errorf("one stale entry: %q, %s; want [%q]", msgs, err, want)
	}
}
