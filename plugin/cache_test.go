package plugin

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// writeTree writes files (path: content) under dir.
func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for path, content := range files {
		path = filepath.Join(dir, path)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestGCLKey: the cached golangci-lint is keyed by the content of what it
// is built from, not by where the checkout is.
func TestGCLKey(t *testing.T) {
	t.Setenv("GCL_VERSION", "")
	tree := map[string]string{
		"go.mod":                              "module github.com/ctxlint/ctxlint\n",
		"go.sum":                              "",
		"plugin/plugin.go":                    "package plugin\n",
		"plugin/plugin_test.go":               "package plugin\n",
		"plugin/testdata/build-custom-gcl.sh": "version=${GCL_VERSION:-v2.15.0}\n",
		"analyzers/ctxprop/ctxprop.go":        "package ctxprop\n",
		"analyzers/ctxprop/testdata/src/a.go": "package a\n",
		"README.md":                           "ctxlint\n",
	}
	a, b := t.TempDir(), t.TempDir()
	writeTree(t, a, tree)
	writeTree(t, b, tree)
	key := gclKey(a)
	if gclKey(b) != key {
		t.Fatalf("the same sources in two checkouts have different keys: %s, %s", key, gclKey(b))
	}
	// Tests, test data and other files are not built into the binary.
	writeTree(t, b, map[string]string{
		"plugin/plugin_test.go":               "package plugin // changed\n",
		"analyzers/ctxprop/testdata/src/a.go": "package a // changed\n",
		"README.md":                           "changed\n",
	})
	if gclKey(b) != key {
		t.Error("a test, test data or the README changed the key")
	}
	for path, content := range map[string]string{
		"plugin/plugin.go":                    "package plugin // changed\n",
		"analyzers/ctxprop/ctxprop.go":        "package ctxprop // changed\n",
		"go.sum":                              "changed\n",
		"plugin/testdata/build-custom-gcl.sh": "version=${GCL_VERSION:-v2.16.0}\n",
	} {
		c := t.TempDir()
		writeTree(t, c, tree)
		writeTree(t, c, map[string]string{path: content})
		if gclKey(c) == key {
			t.Errorf("changing %s left the key unchanged", path)
		}
	}
	t.Setenv("GCL_VERSION", "v2.16.0")
	if gclKey(a) == key {
		t.Error("GCL_VERSION left the key unchanged")
	}
}

// TestPruneGCLCache: builds not used for a while are removed; the current
// one and recent ones (other checkouts, builds in progress) stay.
func TestPruneGCLCache(t *testing.T) {
	dir := t.TempDir()
	now := time.Now()
	for name, age := range map[string]time.Duration{"old": 48 * time.Hour, "recent": time.Minute, "current": 48 * time.Hour} {
		writeTree(t, dir, map[string]string{filepath.Join(name, "custom-gcl"): "binary"})
		if err := os.Chtimes(filepath.Join(dir, name), now.Add(-age), now.Add(-age)); err != nil {
			t.Fatal(err)
		}
	}
	pruneGCLCache(dir, "current", now)
	for name, want := range map[string]bool{"old": false, "recent": true, "current": true} {
		if _, err := os.Stat(filepath.Join(dir, name, "custom-gcl")); (err == nil) != want {
			t.Errorf("%s: present %v, want %v", name, err == nil, want)
		}
	}
	// The current one is marked used, so a later prune keeps it.
	if fi, err := os.Stat(filepath.Join(dir, "current")); err != nil || now.Sub(fi.ModTime()) > time.Minute {
		t.Errorf("current not marked used: %v", err)
	}
}
