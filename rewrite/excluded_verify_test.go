package rewrite

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/ctxlint/ctxlint/rewrite/internal/excluded"
	"github.com/ctxlint/ctxlint/rewrite/internal/fixture"
)

// TestExcludedBrokenBefore: a Windows-only test file that did not compile
// before the rewrite, beside a package the rewrite edits, blames no set:
// its errors are all the build had before. (With every error filtered
// out as old, the blame of none panicked.)
func TestExcludedBrokenBefore(t *testing.T) {
	if testing.Short() {
		t.Skip("loads a module")
	}
	dir := t.TempDir()
	fixture.PutGoMod(t, dir)
	fixture.Put(t, filepath.Join(dir, "a", "a.go"), `package a

import (
	"net"

	"github.com/ctxlint/ctxlint/runtime/health"
)

func fetch(host string) error {
	_, err := net.LookupHost(host)
	return err
}

// Loop resolves on every tick.
func Loop() {
	h := health.RegisterLiveness("a")
	for range h.C {
		_ = fetch("example.com")
	}
}
`)
	fixture.Put(t, filepath.Join(dir, "a", "old_windows_test.go"), "package a\n\nvar _ = removedLongAgo\n")
	pkgs := fixture.Load(t, dir)
	_, stuck := fixture.Analyze(t, pkgs)
	pl := Build(pkgs, stuck, Options{})
	if len(pl.Sets) == 0 {
		t.Fatal("nothing planned")
	}
	res, err := pl.Execute()
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Refusals) > 0 || len(res.Applied) != len(pl.Sets) {
		t.Errorf("applied %d of %d sets, refused %v; want every set applied", len(res.Applied), len(pl.Sets), res.Refusals)
	}
}

// TestAddedKeepsOldArityErrors: a test that called a function with too
// few arguments before the rewrite still does after it, now with a
// context in both lists: not an error the rewrite added. A call the
// rewrite gave a context its callee does not take is one.
func TestAddedKeepsOldArityErrors(t *testing.T) {
	before := []excluded.BuildError{{File: "m_test.go", Text: "not enough arguments in call to s.gather\n\thave (*Acc, bool)\n\twant (Acc, bool, bool)"}}
	after := []excluded.BuildError{
		{File: "m_test.go", Text: "not enough arguments in call to s.gather\n\thave (context.Context, *Acc, bool)\n\twant (context.Context, Acc, bool, bool)"},
		{File: "m_test.go", Text: "too many arguments in call to p.run\n\thave (context.Context)\n\twant ()"},
	}
	got := added(after, before)
	if want := after[1:]; !slices.Equal(got, want) {
		t.Errorf("added = %q, want only the call of p.run: %q", got, want)
	}
}
