package wholeprog

import (
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/ctxlint/ctxlint/bench/synth"
)

// TestRounds: replaying the packages whose inputs did not change gives
// the reports of rounds that analyse every package, on a chain that
// needs three rounds (a summary found through the call graph in round 2
// changes, in round 3, the facts of a package that reads no summary
// itself) and on a generated module; and it does replay.
func TestRounds(t *testing.T) {
	_, file, _, _ := runtime.Caller(0)
	root := filepath.Join(filepath.Dir(file), "..", "..")
	gen := t.TempDir()
	if _, err := synth.Generate(gen, synth.Config{Packages: 40, Replace: root, GoSum: filepath.Join(root, "go.sum")}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, dir, pattern string
		want               string // a report the run must make
	}{
		{"chain", ".", "./testdata/chain/...",
			"net/http.Get without the health deadline (it takes no context): Run (loop.go:13) → Top (top.go:10) → ~Call (mid.go:7) → ~HTTP.Get (impl.go:12) → Real.Do (transport.go:9)"},
		{"generated", gen, "./...", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax | packages.NeedModule, Dir: tc.dir, Tests: true}, tc.pattern)
			if err != nil || packages.PrintErrors(pkgs) > 0 {
				t.Fatalf("load: %v", err)
			}
			run := func(incremental bool) ([]string, []int) {
				a, err := analyzeProgram(pkgs, Options{}, incremental)
				if err != nil {
					t.Fatal(err)
				}
				var out []string
				for act := range a.Graph.All() {
					if act.Err != nil {
						t.Fatal(act.Err)
					}
					if !act.IsRoot {
						continue
					}
					for _, d := range act.Diagnostics {
						out = append(out, fmt.Sprintf("%v: %s", act.Package.Fset.Position(d.Pos), d.Message))
					}
				}
				slices.Sort(out)
				return slices.Compact(out), a.analysed
			}
			want, every := run(false)
			got, analysed := run(true)
			if !slices.Equal(got, want) {
				t.Errorf("incremental rounds report\n%s\nwant (every package every round)\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			if len(want) == 0 {
				t.Fatal("no report: the comparison proves nothing")
			}
			t.Logf("%d reports, rounds %v, every package every round %v\n%s", len(got), analysed, every, strings.Join(got, "\n"))
			if tc.want != "" && !slices.ContainsFunc(got, func(s string) bool { return strings.Contains(s, tc.want) }) {
				t.Errorf("no report has %q", tc.want)
			}
			if len(analysed) != len(every) || len(analysed) < 3 {
				t.Errorf("rounds: %v, every package every round: %v; want the same number, at least 3", analysed, every)
			}
			for i := 1; i < len(analysed); i++ {
				if analysed[i] >= every[i] {
					t.Errorf("round %d analysed %d packages, as many as without replays: %v against %v", i+1, analysed[i], analysed, every)
				}
			}
		})
	}
}
