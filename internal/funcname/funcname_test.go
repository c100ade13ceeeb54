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

func TestCalled(t *testing.T) {
	src := `package p
func f() {}
func g[T any]() {}
type T struct{}
func (T) m() {}
var _ = func() {
	f()
	g[int]()
	T{}.m()
	(f)()
	h := f
	_ = T{}.m
	_ = h
}
`
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	var got []bool
	var stack []ast.Node
	ast.Inspect(file, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		if id, ok := n.(*ast.Ident); ok && (id.Name == "f" || id.Name == "g" || id.Name == "m") && fset.Position(id.Pos()).Line >= 7 {
			got = append(got, Called(id, stack))
			if i := CallIndex(id, stack); i >= 0 {
				call := stack[i].(*ast.CallExpr)
				if id.Pos() < call.Fun.Pos() || id.End() > call.Fun.End() {
					t.Errorf("CallIndex(%s) points to a call whose function does not hold it", id.Name)
				}
			} else if Called(id, stack) {
				t.Errorf("CallIndex(%s) = -1 for a called function", id.Name)
			}
		}
		return true
	})
	want := []bool{true, true, true, true, false, false}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("use %d: Called = %v, want %v", i, got[i], want[i])
		}
	}
}
