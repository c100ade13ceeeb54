package rewrite_test

import (
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/ctxlint/ctxlint/bench/synth"
	"github.com/ctxlint/ctxlint/rewrite"
)

// TestConverges runs the migration on a generated module (chains across
// packages, an interface implemented in every package, one implementation
// that drops its caller's context, handler maps filled in init with
// literals that drop theirs): several paths reach each blocking call, and
// ctxprop reports one. The first pass must plan them all, so the second
// finds nothing, and a run on the result changes nothing.
func TestConverges(t *testing.T) {
	if testing.Short() {
		t.Skip("generates, loads and migrates a module")
	}
	_, self, _, _ := runtime.Caller(0)
	root := filepath.Dir(filepath.Dir(self))
	dir := t.TempDir()
	_, err := synth.Generate(dir, synth.Config{Packages: 12, Depth: 6, Cluster: 2, Fillers: 1, Replace: root})
	require.NoError(t, err)

	res := migrate(t, dir, rewrite.Options{})
	assert.Empty(t, res.Refusals)
	assert.NotEmpty(t, res.Files)
	// Each loop reaches Legacy's sink both directly and through Size, its
	// cache and its own loader; the migration plans every call of the loop
	// that reaches a sink (wholeprog.Options.PerCall), not only the best
	// path to each, so one pass rewrites both and the second finds nothing
	// left.
	assert.Equal(t, 2, res.Passes, "passes: one that rewrites, then one that finds nothing left")
	require.NoError(t, res.Write())
	goCmd(t, dir, "build", "./...")

	again := migrate(t, dir, rewrite.Options{})
	assert.Empty(t, again.Files, "a second run changes files")
	assert.Equal(t, 1, again.Passes)
}

// TestConvergesThroughJoinedGoroutine: a function on the path waits for
// the goroutines it starts, whose calls reach the blocking call with
// context.Background(); ctxprop reports only the path through the
// function's own call. The first pass plans the goroutines' too, so the
// second finds nothing (one pass each is a large program's analysis).
func TestConvergesThroughJoinedGoroutine(t *testing.T) {
	if testing.Short() {
		t.Skip("loads and migrates a module")
	}
	dir := copyModule(t, filepath.Join("testdata", "joined", "before"))
	res := migrate(t, dir, rewrite.Options{})
	assert.Empty(t, res.Refusals)
	assert.Equal(t, 2, res.Passes, "passes: one that rewrites, then one that finds nothing left")
}
