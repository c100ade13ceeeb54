package rewrite

import (
	"os"
	"slices"
	"testing"

	"github.com/ctxlint/ctxlint/internal/wholeprog"
	"github.com/ctxlint/ctxlint/internal/wholeprog/calltargets"
	"github.com/ctxlint/ctxlint/rewrite/internal/fixture"
	"golang.org/x/tools/go/packages"
)

// TestCarriedCallGraph: on every case of testdata, the call graph the
// next pass carries over from the one before (where the rewrite allows
// it) is the one built anew for the rewritten program, and the analysis
// of the rewritten program with it finds the paths a full analysis finds.
func TestCarriedCallGraph(t *testing.T) {
	entries, err := os.ReadDir("testdata")
	if err != nil {
		t.Fatal(err)
	}
	var carried, anew []string
	for _, e := range entries {
		if _, err := os.Stat("testdata/" + e.Name() + "/before"); err != nil {
			continue
		}
		if _, err := os.Stat("testdata/" + e.Name() + "/mods"); err == nil {
			continue // modules of its own, which fixture.Module does not copy
		}
		t.Run(e.Name(), func(t *testing.T) {
			pkgs := fixture.Load(t, fixture.Module(t, e.Name()))
			an, stuck := fixture.Analyze(t, pkgs)
			res, err := Build(pkgs, stuck, Options{Reaches: an.Reaches}).Execute()
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Files) == 0 {
				return
			}
			got, why := calltargets.Build(pkgs).Carry(pkgs, res.next)
			if got == nil {
				anew = append(anew, e.Name())
				t.Logf("built anew: %s", why)
			} else {
				carried = append(carried, e.Name())
				for _, d := range calltargets.Diff(pkgs[0].Fset, got, calltargets.Build(res.next)) {
					t.Errorf("carried against built anew: %s", d)
				}
			}
			full, err := wholeprog.AnalyzeProgram(res.next, wholeprog.Options{})
			if err != nil {
				t.Fatal(err)
			}
			next, err := wholeprog.AnalyzeProgram(res.next, wholeprog.Options{Previous: an.Carried()})
			if err != nil {
				t.Fatal(err)
			}
			if want, got := stuckPaths(t, res.next, full), stuckPaths(t, res.next, next); !slices.Equal(got, want) {
				t.Errorf("paths with the carried graph:\n%q\nwith the graph built anew:\n%q", got, want)
			}
		})
	}
	t.Logf("carried over in %v; built anew in %v", carried, anew)
	// funcs's rewrite wraps a function value in a literal (an Adapt
	// closure): a new value that can flow to a call. cmdswap's swaps the
	// function a slot holds, which the carried graph follows.
	if !slices.Contains(anew, "funcs") {
		t.Errorf("the graph was carried over for funcs, whose rewrite adds a function literal")
	}
	if !slices.Contains(carried, "cmdswap") {
		t.Errorf("the graph was built anew for cmdswap, whose rewrite swaps exec.Command for exec.CommandContext")
	}
	if len(carried) < 10 {
		t.Errorf("the graph was carried over in %d cases (%v), want most", len(carried), carried)
	}
}

func stuckPaths(t *testing.T, pkgs []*packages.Package, an *wholeprog.Analysis) []string {
	t.Helper()
	stuck, err := wholeprog.Stuck(an.Graph)
	if err != nil {
		t.Fatal(err)
	}
	return describe(pkgs, stuck)
}
