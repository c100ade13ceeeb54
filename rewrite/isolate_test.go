package rewrite

import (
	"go/ast"
	"go/token"
	"strings"
	"testing"
)

// TestIsolateBrokenSet: a set that breaks the build, in a function that
// other sets edit too, is the only one dropped; the others are applied
// and the result type-checks.
func TestIsolateBrokenSet(t *testing.T) {
	pkgs := loadModule(t, fixtureModule(t, "chain"))
	_, stuck := analyzeModule(t, pkgs)
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
