package plan

import (
	"go/token"
	"testing"

	"github.com/ctxlint/ctxlint/rewrite/internal/source"
)

// TestClosureOrderByFile: a group's members are ordered by file and
// offset, not by token.Pos, whose order follows the order go/packages
// happened to parse the files in: the plan (which set comes first, which
// member names it) is the same on every run.
func TestClosureOrderByFile(t *testing.T) {
	fset := token.NewFileSet()
	b := fset.AddFile("/m/b.go", -1, 100) // parsed first this run
	a := fset.AddFile("/m/a.go", -1, 100)
	inB, inA, laterInA := node{"func", b.Pos(10)}, node{"func", a.Pos(50)}, node{"iface", a.Pos(60)}
	fl := &flow{
		p:        &source.Program{Fset: fset},
		edges:    map[node][]node{inB: {laterInA}, laterInA: {inA}},
		closures: map[node][]node{},
	}
	got := fl.closure(inB)
	want := []node{inA, laterInA, inB}
	if len(got) != len(want) {
		t.Fatalf("closure = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("closure = %v, want %v (a.go before b.go)", got, want)
			break
		}
	}
}
