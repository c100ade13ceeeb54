package rewrite_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/packages"

	"github.com/ctxlint/ctxlint/rewrite"
)

// TestOutsideCallers: a migration of some packages of a module edits the
// calls in its other packages and in the tests of the packages it loaded
// as dependencies too (checked by type-checking them), and refuses a set
// one of them uses as a value, so the module and its tests still build.
func TestOutsideCallers(t *testing.T) {
	if testing.Short() {
		t.Skip("loads and builds a module")
	}
	for _, c := range []struct {
		name, file, src string
		pattern         string // the packages migrated; ./loop/... if empty
		refused         []string
		want            string // what file reads after the migration
	}{{
		name: "tests of a package loaded as a dependency",
		file: "svc/svc_test.go",
		src: `package svc

import (
	"testing"

	"example.com/x/client"
)

func TestTags(t *testing.T) {
	if _, err := Tags(&client.Client{}); err == nil {
		t.Log("no error")
	}
}
`,
		want: `package svc

import (
	"testing"

	"example.com/x/client"
)

func TestTags(t *testing.T) {
	if _, err := Tags(t.Context(), &client.Client{}); err == nil {
		t.Log("no error")
	}
}
`,
	}, {
		name:    "a directory of tests only, loaded",
		file:    "e2e/e2e_test.go",
		pattern: "./...",
		src: `package e2e_test

import (
	"testing"

	"example.com/x/client"
	"example.com/x/svc"
)

func TestTags(t *testing.T) { _, _ = svc.Tags(&client.Client{}) }
`,
		want: `package e2e_test

import (
	"testing"

	"example.com/x/client"
	"example.com/x/svc"
)

func TestTags(t *testing.T) { _, _ = svc.Tags(t.Context(), &client.Client{}) }
`,
	}, {
		name: "calls",
		file: "report/report.go",
		src: `// Package report calls svc.Tags; the migration of ./loop does not load it.
package report

import "example.com/x/client"
import "example.com/x/svc"

func Print(c *client.Client) { _, _ = svc.Tags(c) }
`,
		want: `// Package report calls svc.Tags; the migration of ./loop does not load it.
package report

import (
	"context"

	"example.com/x/client"
)
import "example.com/x/svc"

func Print(c *client.Client) { _, _ = svc.Tags(context.TODO(), c) }
`,
	}, {
		name: "value",
		file: "hook/hook.go",
		src: `// Package hook keeps client.Fetch as a method value.
package hook

import "example.com/x/client"

var Fetch = (*client.Client).Fetch
`,
		refused: []string{"caller outside the loaded packages"},
	}} {
		t.Run(c.name, func(t *testing.T) {
			dir := copyModule(t, filepath.Join("testdata", "chain", "before"))
			name := filepath.Join(dir, filepath.FromSlash(c.file))
			require.NoError(t, os.MkdirAll(filepath.Dir(name), 0o755))
			require.NoError(t, os.WriteFile(name, []byte(c.src), 0o644))
			pattern := c.pattern
			if pattern == "" {
				pattern = "./loop/..."
			}
			res, err := rewrite.Migrate(func() ([]*packages.Package, error) {
				return packages.Load(&packages.Config{Dir: dir, Mode: rewrite.LoadMode, Tests: true}, pattern)
			}, rewrite.Options{})
			require.NoError(t, err)
			var classes []string
			for _, r := range res.Refusals {
				classes = append(classes, r.Class)
				t.Logf("refused: %s", r)
			}
			assert.Equal(t, c.refused, classes)
			require.NoError(t, res.Write())
			goCmd(t, dir, "build", "./...")
			goCmd(t, dir, "vet", "./...") // vet compiles the tests too
			if c.want != "" {
				got, err := os.ReadFile(name)
				require.NoError(t, err)
				assert.Equal(t, c.want, string(got))
			}
		})
	}
}
