package wholeprog

import (
	"go/token"
	"go/types"
	"testing"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
)

// TestOrderedByFile: the summaries a call may run come by file and
// offset, whatever order the call graph or a map gave their functions in
// and whatever order go/packages parsed their files in: the rewrite plans
// the paths through them in this order, so the plan is the same on every
// run.
func TestOrderedByFile(t *testing.T) {
	fset := token.NewFileSet()
	b := fset.AddFile("/m/b.go", -1, 100) // parsed first this run
	a := fset.AddFile("/m/a.go", -1, 100)
	pkg := types.NewPackage("example.com/m", "m")
	sig := types.NewSignatureType(nil, nil, nil, nil, nil, false)
	inB, inA := types.NewFunc(b.Pos(5), pkg, "inB", sig), types.NewFunc(a.Pos(40), pkg, "inA", sig)
	litInA := a.Pos(10)
	sum := func(sink string) *ctxprop.Summary {
		return &ctxprop.Summary{Reaches: []ctxprop.Reach{{Sink: sink, Param: -1}}}
	}
	sB, sA, sLit := sum("b"), sum("a"), sum("lit")
	an := &Analysis{fset: fset, prog: &ctxprop.Program{
		Funcs: map[*types.Func]*ctxprop.Summary{inB: sB, inA: sA},
		Lits:  map[token.Pos]*ctxprop.Summary{litInA: sLit},
	}}
	got := an.ordered([]*types.Func{inB, inA}, []token.Pos{litInA})
	want := []*ctxprop.Summary{sLit, sA, sB}
	if len(got) != len(want) {
		t.Fatalf("ordered = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("ordered = %v, want %v (a.go's literal, a.go's function, b.go's)", got, want)
		}
	}
}
