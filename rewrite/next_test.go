package rewrite

import (
	"fmt"
	"go/ast"
	"path/filepath"
	"slices"
	"testing"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
	"github.com/ctxlint/ctxlint/rewrite/internal/fixture"
	"golang.org/x/tools/go/packages"
)

// TestNextIsTheRewrittenProgram: the program Execute type-checked in
// memory, which the next pass of Migrate analyses instead of loading again,
// is the one a load from disk of the written files gives. A package and
// its test variant share each rewritten file's syntax, so they share its
// positions; an import the rewrite added is among the package's imports;
// and the whole-program analysis of both finds the same paths.
func TestNextIsTheRewrittenProgram(t *testing.T) {
	dir := fixture.Module(t, "chain")
	// A test variant of the rewritten client package, and a caller the
	// rewrite gives a context.TODO() in a file that does not import context.
	fixture.Put(t, filepath.Join(dir, "client", "client_test.go"), "package client\n\nimport \"testing\"\n\nfunc TestFetch(t *testing.T) { _ = t }\n")
	fixture.Put(t, filepath.Join(dir, "other", "other.go"), "package other\n\nimport \"example.com/x/client\"\n\n// Other is on no monitored path.\nfunc Other(c *client.Client) { _, _ = c.Fetch(\"x\") }\n")

	pkgs := fixture.Load(t, dir)
	an, stuck := fixture.Analyze(t, pkgs)
	res, err := Build(pkgs, stuck, Options{Reaches: an.Reaches}).Execute()
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Files) == 0 || len(res.next) == 0 {
		t.Fatalf("nothing rewritten (%d files), or no next program", len(res.Files))
	}

	syntax := map[string]*ast.File{}
	packages.Visit(res.next, nil, func(p *packages.Package) {
		for _, f := range p.Syntax {
			name := p.Fset.File(f.FileStart).Name()
			if g, ok := syntax[name]; ok && g != f {
				t.Errorf("%s: %s is parsed twice", p.ID, name)
			}
			syntax[name] = f
		}
		if p.Types == nil || p.Module == nil || !p.Module.Main {
			return
		}
		for _, imp := range p.Types.Imports() {
			if q := p.Imports[imp.Path()]; q == nil || q.Types != imp {
				t.Errorf("%s imports %s, not among its Imports", p.ID, imp.Path())
			}
		}
	})

	inMemory := paths(t, res.next)
	for name, src := range res.Files {
		fixture.Put(t, name, string(src))
	}
	if fromDisk := paths(t, fixture.Load(t, dir)); !slices.Equal(inMemory, fromDisk) {
		t.Errorf("paths in the program checked in memory:\n%q\nloaded from disk:\n%q", inMemory, fromDisk)
	}
}

// paths lists what the whole-program analysis finds, by position.
func paths(t *testing.T, pkgs []*packages.Package) []string {
	_, stuck := fixture.Analyze(t, pkgs)
	return describe(pkgs, stuck)
}

// describe lists paths by position, sink and hops, sorted.
func describe(pkgs []*packages.Package, stuck []ctxprop.Stuck) []string {
	var out []string
	for _, s := range stuck {
		out = append(out, fmt.Sprint(pkgs[0].Fset.Position(s.Pos), s.Reach.SinkText(), s.Reach.Path()))
	}
	slices.Sort(out)
	return out
}
