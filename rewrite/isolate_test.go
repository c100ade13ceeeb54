package rewrite

import (
	"go/ast"
	"go/token"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/ctxlint/ctxlint/internal/wholeprog"
)

// TestIsolateBrokenSet: a set that breaks the build, in a function that
// other sets edit too, is the only one dropped; the others are applied
// and the result type-checks.
func TestIsolateBrokenSet(t *testing.T) {
	if testing.Short() {
		t.Skip("loads a module")
	}
	dir := t.TempDir()
	_, self, _, _ := runtime.Caller(0)
	root := filepath.Dir(filepath.Dir(self))
	if err := os.CopyFS(dir, os.DirFS(filepath.Join(root, "rewrite", "testdata", "chain", "before"))); err != nil {
		t.Fatal(err)
	}
	mod := "module example.com/x\n\ngo 1.26.0\n\nrequire github.com/ctxlint/ctxlint v0.0.0\n\nreplace github.com/ctxlint/ctxlint => " + root + "\n"
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(mod), 0o644); err != nil {
		t.Fatal(err)
	}
	pkgs, err := packages.Load(&packages.Config{Dir: dir, Mode: packages.LoadAllSyntax | packages.NeedModule, Tests: true}, "./...")
	if err != nil || packages.PrintErrors(pkgs) > 0 {
		t.Fatalf("load: %v", err)
	}
	graph, err := wholeprog.Analyze(pkgs)
	if err != nil {
		t.Fatal(err)
	}
	stuck, err := wholeprog.Stuck(graph)
	if err != nil {
		t.Fatal(err)
	}
	pl := Build(pkgs, stuck, Options{})
	good := len(pl.Sets)
	if good == 0 {
		t.Fatal("nothing planned")
	}
	// A set that passes ctx to h.Deregister(), in the loop's function:
	// too many arguments.
	var bogus *ChangeSet
	for _, f := range pl.prog.files {
		ast.Inspect(f.ast, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok {
				if sel, ok := c.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Deregister" {
					bogus = &ChangeSet{Name: "bogus", PassCtx: []token.Pos{c.Lparen}}
				}
			}
			return true
		})
	}
	if bogus == nil {
		t.Fatal("no h.Deregister() call in the fixture")
	}
	pl.Sets = append(pl.Sets, bogus)
	res, err := pl.Execute()
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Applied) != good {
		t.Errorf("applied %d sets, want the %d good ones", len(res.Applied), good)
	}
	if len(res.Refusals) != 1 || !strings.Contains(res.Refusals[0].Reason, "bogus") || res.Refusals[0].Class != "does not compile" {
		t.Errorf("refusals %v, want the bogus set alone, as not compiling", res.Refusals)
	}
}
