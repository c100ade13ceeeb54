package rewrite

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/ctxlint/ctxlint/rewrite/internal/change"
	"github.com/dave/dst"
	"github.com/dave/dst/decorator"
	"github.com/dave/dst/dstutil"
	"golang.org/x/tools/go/packages"
)

// TestMigrateInternalError: a panic anywhere in the migration comes back
// as an error that says what was being done, not as a crash.
func TestMigrateInternalError(t *testing.T) {
	res, err := Migrate(func() ([]*packages.Package, error) {
		var pkgs []*packages.Package
		_ = pkgs[1] // a bug
		return pkgs, nil
	}, Options{})
	var ie *InternalError
	if res != nil || !errors.As(err, &ie) {
		t.Fatalf("Migrate = %v, %v; want an InternalError", res, err)
	}
	if ie.Stage != "loading the packages (pass 1)" || !strings.Contains(err.Error(), "index out of range") || !strings.Contains(err.Error(), "nothing was written") {
		t.Errorf("error %q (stage %q): want the stage, the panic and that nothing was written", err, ie.Stage)
	}
}

// TestAddAppliedOnce: a set two passes apply is counted once.
func TestAddAppliedOnce(t *testing.T) {
	var r Result
	r.addApplied([]*change.Set{{Name: "f"}, {Name: "sink at a.go:3:4"}})
	r.addApplied([]*change.Set{{Name: "sink at a.go:3:4"}, {Name: "g"}})
	var names []string
	for _, cs := range r.Applied {
		names = append(names, cs.Name)
	}
	if want := []string{"f", "sink at a.go:3:4", "g"}; !slices.Equal(names, want) {
		t.Errorf("applied %q, want %q", names, want)
	}
}

// TestSameImportsAsWritten: an import the restorer names where the source
// did not is a change, even when the name is the path's last element: the
// package's own name may differ (a package context at a path ending in
// context1), and printing the file in part would rebind its other uses.
func TestSameImportsAsWritten(t *testing.T) {
	parse := func(src string) *ast.File {
		t.Helper()
		f, err := parser.ParseFile(token.NewFileSet(), "a.go", src, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	bare := parse(`package a; import "example.com/x/context1"`)
	named := parse(`package a; import context1 "example.com/x/context1"`)
	if err := sameImports(bare, named); err == nil {
		t.Error("sameImports(bare, named) = nil, want the import renamed")
	}
	if err := sameImports(bare, parse(`package a; import ("context"; "example.com/x/context1")`)); err != nil {
		t.Errorf("sameImports with an import added: %v", err)
	}
	if err := sameImports(bare, parse(`package a`)); err == nil {
		t.Error("sameImports with the import removed = nil")
	}
}

// TestReplaceFits: a node is replaced only by one its slot can hold; a go
// statement's call or a selector's name takes no other expression.
func TestReplaceFits(t *testing.T) {
	f, err := decorator.Parse(`package a; func f() { go g(x.y) }`)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	dstutil.Apply(f, func(c *dstutil.Cursor) bool {
		switch n := c.Node().(type) {
		case *dst.CallExpr:
			got["go's call"] = fits(c, dst.NewIdent("ctx"))
		case *dst.SelectorExpr:
			got["argument"] = fits(c, dst.NewIdent("ctx"))
		case *dst.Ident:
			if n.Name == "y" {
				got["selected name"] = fits(c, &dst.CallExpr{Fun: dst.NewIdent("h")})
				got["selected name by a name"] = fits(c, dst.NewIdent("z"))
			}
		}
		return true
	}, nil)
	want := map[string]bool{"go's call": false, "argument": true, "selected name": false, "selected name by a name": true}
	if !maps.Equal(got, want) {
		t.Errorf("fits: %v, want %v", got, want)
	}
}
