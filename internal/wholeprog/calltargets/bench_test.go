package calltargets

import (
	"testing"

	"golang.org/x/tools/go/packages"
)

// BenchmarkCallGraph times the type flow (callGraph: the flow graph built
// from every instruction, then propagated) on a generated module of 400
// packages, its SSA built once: the part of the call graph that runs on
// one core.
func BenchmarkCallGraph(b *testing.B) {
	_, gen := generate(b, 400)
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax | packages.NeedModule, Dir: gen}, "./...")
	if err != nil || packages.PrintErrors(pkgs) > 0 {
		b.Fatalf("load: %v", err)
	}
	funcs := ownFunctions(pkgs)
	var cs *calls
	for b.Loop() {
		cs = callGraph(funcs)
	}
	if len(cs.sets.sets) == 0 {
		b.Fatal("nothing flowed")
	}
	b.ReportMetric(float64(len(funcs)), "funcs")
}
