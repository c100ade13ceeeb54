package rewrite

import (
	"path/filepath"
	"testing"

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
