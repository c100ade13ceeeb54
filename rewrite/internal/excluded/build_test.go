package excluded

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/ctxlint/ctxlint/rewrite/internal/fixture"
)

// TestConfigForPlusBuild: a file constrained by an old "// +build" line
// (no //go:build beside it, as in code older than Go 1.17) is included by
// a build with the tags that line names.
func TestConfigForPlusBuild(t *testing.T) {
	dir := t.TempDir()
	for name, src := range map[string]string{
		"old_test.go":  "// +build integration\n\npackage a\n",
		"both_test.go": "//go:build integration && windows\n// +build integration,windows\n\npackage a\n",
	} {
		name = filepath.Join(dir, name)
		fixture.Put(t, name, src)
		cfg, ok := ConfigFor(name, nil)
		if !ok {
			t.Errorf("%s: no build includes it", filepath.Base(name))
			continue
		}
		if !slices.Contains(cfg.tags, "integration") {
			t.Errorf("%s: built with %s, want -tags=integration", filepath.Base(name), cfg)
		}
	}
}
