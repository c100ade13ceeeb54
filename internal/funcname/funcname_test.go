package funcname

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"
)

func TestOf(t *testing.T) {
	src := `package p
func F() {}
func (T) A() {}
func (*T) B() {}
func (g *G[K, V]) C() {}
func (g (*H[K])) D() {}
`
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"F", "T.A", "T.B", "G.C", "H.D"}
	for i, d := range f.Decls {
		if got := Of(d.(*ast.FuncDecl)); got != want[i] {
			t.Errorf("decl %d: %q, want %q", i, got, want[i])
		}
	}
}
