package wholeprog

import (
	"reflect"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestQuiet: a quiet run finds the paths a reporting run finds, and
// reports none of them.
func TestQuiet(t *testing.T) {
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax | packages.NeedModule, Tests: true}, "./testdata/chain/...")
	if err != nil || packages.PrintErrors(pkgs) > 0 {
		t.Fatalf("load: %v", err)
	}
	loud, err := AnalyzeProgram(pkgs, Options{})
	if err != nil {
		t.Fatal(err)
	}
	quiet, err := AnalyzeProgram(pkgs, Options{Quiet: true})
	if err != nil {
		t.Fatal(err)
	}
	want, err := Stuck(loud.Graph)
	if err != nil {
		t.Fatal(err)
	}
	got, err := Stuck(quiet.Graph)
	if err != nil {
		t.Fatal(err)
	}
	if len(want) == 0 {
		t.Fatal("no path: the comparison proves nothing")
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("quiet run's paths\n%v\nwant\n%v", got, want)
	}
	reported := 0
	for act := range loud.Graph.All() {
		reported += len(act.Diagnostics)
	}
	for act := range quiet.Graph.All() {
		for _, d := range act.Diagnostics {
			t.Errorf("quiet run reported %s: %s", act.Package.Fset.Position(d.Pos), d.Message)
		}
	}
	if reported == 0 {
		t.Error("the reporting run reported nothing")
	}
}
