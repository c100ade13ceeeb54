package rewrite

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
	"github.com/ctxlint/ctxlint/internal/wholeprog"
)

// fixtureModule copies testdata/<name>/before into a temporary module
// that uses this checkout's runtime/health, and returns its directory.
func fixtureModule(t *testing.T, name string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("loads a module")
	}
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join(moduleRoot(), "rewrite", "testdata", name, "before"))); err != nil {
		t.Fatal(err)
	}
	putGoMod(t, dir)
	return dir
}

// putGoMod writes the go.mod of a fixture module in dir: example.com/x,
// with this checkout as github.com/ctxlint/ctxlint.
func putGoMod(t *testing.T, dir string) {
	t.Helper()
	put(t, filepath.Join(dir, "go.mod"), "module example.com/x\n\ngo 1.26.0\n\nrequire github.com/ctxlint/ctxlint v0.0.0\n\nreplace github.com/ctxlint/ctxlint => "+moduleRoot()+"\n")
}

// loadModule loads every package of the module in dir, with its tests.
func loadModule(t *testing.T, dir string) []*packages.Package {
	t.Helper()
	pkgs, err := packages.Load(&packages.Config{Dir: dir, Mode: LoadMode, Tests: true}, "./...")
	if err != nil || packages.PrintErrors(pkgs) > 0 {
		t.Fatalf("load: %v", err)
	}
	return pkgs
}

// analyzeModule runs the whole-program analysis on the loaded packages
// and returns it with the paths it reports.
func analyzeModule(t *testing.T, pkgs []*packages.Package) (*wholeprog.Analysis, []ctxprop.Stuck) {
	t.Helper()
	an, err := wholeprog.AnalyzeProgram(pkgs, wholeprog.Options{})
	if err != nil {
		t.Fatal(err)
	}
	stuck, err := wholeprog.Stuck(an.Graph)
	if err != nil {
		t.Fatal(err)
	}
	return an, stuck
}

// put writes a file, making its directory.
func put(t *testing.T, name, src string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
}

// moduleRoot is the directory of ctxlint's own module, which fixture
// modules replace it with.
func moduleRoot() string {
	_, self, _, _ := runtime.Caller(0)
	return filepath.Dir(filepath.Dir(self))
}
