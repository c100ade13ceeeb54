package astwalk_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"slices"
	"testing"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/ctxlint/ctxlint/internal/astwalk"
)

const src = `package p

func f(x int) int {
	if x > 0 {
		return g(func() int { return x })
	}
	return 0
}

func g(h func() int) int { return h() }
`

func parse(t *testing.T) []*ast.File {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	return []*ast.File{f}
}

// The walk visits the nodes, with the stacks, that inspector.WithStack
// does.
func TestSameAsInspector(t *testing.T) {
	files := parse(t)
	type visit struct {
		n     ast.Node
		stack []ast.Node
	}
	var want, got []visit
	inspector.New(files).WithStack(nil, func(n ast.Node, push bool, stack []ast.Node) bool {
		if push {
			want = append(want, visit{n, append([]ast.Node(nil), stack...)})
		}
		return true
	})
	astwalk.WithStack(files, func(n ast.Node, stack []ast.Node) bool {
		got = append(got, visit{n, append([]ast.Node(nil), stack...)})
		return true
	})
	if len(got) < 20 || !reflect.DeepEqual(got, want) {
		t.Fatalf("walk differs from the inspector's: %d visits vs %d", len(got), len(want))
	}
}

// Returning false skips the children, and the stacks of the nodes after
// them stay right.
func TestPrune(t *testing.T) {
	files := parse(t)
	var funcs []string
	astwalk.WithStack(files, func(n ast.Node, stack []ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			t.Errorf("visited a node under a pruned one")
		}
		if _, ok := n.(*ast.File); !ok && len(stack) > 0 {
			if _, ok := stack[0].(*ast.File); !ok {
				t.Errorf("stack[0] = %T, want *ast.File", stack[0])
			}
		}
		if d, ok := n.(*ast.FuncDecl); ok {
			funcs = append(funcs, d.Name.Name)
			if len(stack) != 2 {
				t.Errorf("stack of %s has %d nodes, want 2", d.Name.Name, len(stack))
			}
		}
		_, isIf := n.(*ast.IfStmt)
		return !isIf
	})
	if !reflect.DeepEqual(funcs, []string{"f", "g"}) {
		t.Errorf("funcs = %v", funcs)
	}
}

// Enclosing finds, for every node, the stack the walk gives it.
func TestEnclosing(t *testing.T) {
	files := parse(t)
	n := 0
	astwalk.WithStack(files, func(node ast.Node, stack []ast.Node) bool {
		n++
		if got := astwalk.Enclosing(files, node); !reflect.DeepEqual(got, stack) {
			t.Errorf("Enclosing(%T at %d) has %d nodes, want %d", node, node.Pos(), len(got), len(stack))
		}
		return true
	})
	if n < 20 {
		t.Fatalf("walked %d nodes", n)
	}
	other := parse(t)[0].Decls[0]
	if got := astwalk.Enclosing(files, other); got != nil {
		t.Errorf("a node of another tree: got a stack of %d", len(got))
	}
}

// Order sorts calls as the walk meets them, whatever the files' positions:
// here the second file of the list has the lower positions.
func TestOrder(t *testing.T) {
	fset := token.NewFileSet()
	parse := func(name, src string) *ast.File {
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	b := parse("b.go", "package p\n\nfunc g() { h(i(1)).j().k(l()) }\n")
	a := parse("a.go", "package p\n\nfunc f() { x(y()); z() }\n")
	files := []*ast.File{a, b}
	var want []ast.Node
	astwalk.WithStack(files, func(n ast.Node, stack []ast.Node) bool {
		if _, ok := n.(*ast.CallExpr); ok {
			want = append(want, n)
		}
		return true
	})
	if len(want) != 8 {
		t.Fatalf("walked %d calls, want 8", len(want))
	}
	got := slices.Clone(want)
	slices.Reverse(got)
	slices.SortFunc(got, astwalk.Order(files))
	if !slices.Equal(got, want) {
		t.Errorf("sorted calls differ from the walk's order")
	}
}

// Stmts gives the list a statement of a block, a switch case or a select
// case stands in, and nothing for other nodes.
func TestStmts(t *testing.T) {
	const src = `package p

func f(x int, c chan int) {
	x++
	switch x {
	case 1:
		x--
		x--
	}
	select {
	case <-c:
		x++
	}
}
`
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	var got []int
	ast.Inspect(f, func(n ast.Node) bool {
		if list, ok := astwalk.Stmts(n); ok {
			got = append(got, len(list))
		}
		return true
	})
	// f's body, the switch's body (its clauses), case 1, the select's body, its case.
	if want := []int{3, 1, 2, 1, 1}; !slices.Equal(got, want) {
		t.Errorf("statement lists: %v, want %v", got, want)
	}
	if _, ok := astwalk.Stmts(f.Decls[0]); ok {
		t.Error("a declaration holds no statement list")
	}
}
