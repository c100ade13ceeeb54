package rewrite_test

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/packages"

	"github.com/ctxlint/ctxlint/rewrite"
)

// TestLoadModeCgo: LoadMode's unexported go/packages bit still means what
// it did: a cgo package is type-checked from the file its author wrote
// (which the rewrite can edit), where the plain mode gives cgo's output in
// the build cache.
func TestLoadModeCgo(t *testing.T) {
	if testing.Short() {
		t.Skip("runs cgo")
	}
	dir := copyModule(t, filepath.Join("testdata", "cgo", "before"))
	resolve := filepath.Join(dir, "cg", "resolve.go")
	files := func(mode packages.LoadMode) []string {
		pkgs, err := packages.Load(&packages.Config{Dir: dir, Mode: mode}, "./cg")
		require.NoError(t, err)
		require.Len(t, pkgs, 1)
		require.Zero(t, packages.PrintErrors(pkgs))
		var names []string
		for _, f := range pkgs[0].Syntax {
			names = append(names, pkgs[0].Fset.File(f.FileStart).Name())
		}
		return names
	}
	assert.Contains(t, files(rewrite.LoadMode), resolve, "LoadMode type-checks the cgo file as written")
	assert.NotContains(t, files(packages.LoadAllSyntax|packages.NeedModule), resolve, "the plain mode type-checks cgo's output")
}
