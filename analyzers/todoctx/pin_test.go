package todoctx_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/ctxlint/ctxlint/analyzers/todoctx"
)

// setBaseline sets -todoctx.baseline until the test ends.
func setBaseline(t *testing.T, value string) {
	t.Helper()
	f := todoctx.Analyzer.Flags.Lookup("baseline")
	old := f.Value.String()
	if err := f.Value.Set(value); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Value.Set(old) })
}

func sha(data string) string {
	sum := sha256.Sum256([]byte(data))
	return hex.EncodeToString(sum[:])
}

// run analyses the packages of the module in dir and returns todoctx's
// messages, and the first error, printed as the checker prints it.
func run(t *testing.T, dir string) (msgs []string, errText string) {
	t.Helper()
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax, Dir: dir, Tests: true}, "./...")
	if err != nil || packages.PrintErrors(pkgs) > 0 {
		t.Fatalf("load %s: %v", dir, err)
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{todoctx.Analyzer}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	graph.PrintText(&out, -1)
	for act := range graph.All() {
		if act.Err != nil {
			line, _, _ := strings.Cut(out.String(), "\n")
			return nil, line
		}
		if act.IsRoot {
			for _, d := range act.Diagnostics {
				msgs = append(msgs, d.Message)
			}
		}
	}
	return msgs, ""
}

// TestPinBaseline: the pinned value is FILE@sha256: and the digest of the
// file's contents, whatever digest the value had.
func TestPinBaseline(t *testing.T) {
	path := filepath.Join(t.TempDir(), "todo.baseline")
	writeFile(t, path, "example.com/p F 1\n")
	want := path + "@sha256:" + sha("example.com/p F 1\n")
	for _, value := range []string{path, want, path + "@sha256:" + strings.Repeat("0", 64)} {
		if got, err := todoctx.PinBaseline(value); got != want || err != nil {
			t.Errorf("PinBaseline(%q) = %q, %v; want %q", value, got, err, want)
		}
	}
	bad := path + "@sha256:xyz"
	_, err := todoctx.PinBaseline(bad)
	if want := "-todoctx.baseline=" + bad + ": the digest after @sha256: must be 64 hex digits"; err == nil || err.Error() != want {
		t.Errorf("PinBaseline(%q): %v, want %q", bad, err, want)
	}
	if _, err := todoctx.PinBaseline(path + ".missing"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("PinBaseline of a missing file: %v", err)
	}
}

// TestBaselineDigest: outside go vet a digest is optional; when given it
// must match the file, or the run stops with the value to pass instead.
func TestBaselineDigest(t *testing.T) {
	dir := t.TempDir()
	writeModule(t, dir, ratchetSrc)
	path := filepath.Join(t.TempDir(), "todo.baseline")
	both := "example.com/ratchet F 1\nexample.com/ratchet G 1\n"
	writeFile(t, path, both)

	setBaseline(t, path) // no digest: accepted where nothing is cached
	if msgs, err := run(t, dir); len(msgs) != 0 || err != "" {
		t.Errorf("without a digest: %q, %s", msgs, err)
	}
	pinned := path + "@sha256:" + sha(both)
	setBaseline(t, pinned)
	if msgs, err := run(t, dir); len(msgs) != 0 || err != "" {
		t.Errorf("with the file's digest: %q, %s", msgs, err)
	}

	writeFile(t, path, "example.com/ratchet F 1\n")
	now := path + "@sha256:" + sha("example.com/ratchet F 1\n")
	want := "todoctx: -todoctx.baseline=" + pinned + ": the file has changed since: pass -todoctx.baseline=" + now +
		" (ctxlint todo -baseline-flag " + path + " prints it)"
	if msgs, err := run(t, dir); err != want {
		t.Errorf("an edited baseline with the old digest: %q, %q\nwant error %q", msgs, err, want)
	}
}

// TestBaselineUnderVet: go vet caches results by the tool's flags, so there
// the value must carry the file's digest; a relative FILE is relative to
// the module root, not to the package's directory, where go vet runs the
// tool.
func TestBaselineUnderVet(t *testing.T) {
	todoctx.SetVetProtocol(t, true)
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "go.mod"), "module example.com/ratchet\n\ngo 1.26\n")
	writeFile(t, filepath.Join(dir, "sub", "pkg", "a.go"), strings.Replace(ratchetSrc, "package ratchet", "package pkg", 1))
	content := "example.com/ratchet/sub/pkg F 1\nexample.com/ratchet/sub/pkg G 1\n"
	writeFile(t, filepath.Join(dir, "ci", "todo.baseline"), content)
	rel := filepath.Join("ci", "todo.baseline")
	pinned := rel + "@sha256:" + sha(content)

	// A diagnostic, not an error: go vet caches the facts of a package
	// whose analysis failed, and on the next run prints nothing.
	setBaseline(t, rel)
	want := "-todoctx.baseline=" + rel + " has no digest, and go vet caches results by its flags, not by the file's contents: pass -todoctx.baseline=" +
		pinned + " (ctxlint todo -baseline-flag " + rel + " prints it)"
	if msgs, err := run(t, dir); len(msgs) != 1 || msgs[0] != want || err != "" {
		t.Errorf("no digest under go vet: %q, %q\nwant [%q]", msgs, err, want)
	}

	setBaseline(t, pinned)
	if msgs, err := run(t, dir); len(msgs) != 0 || err != "" {
		t.Errorf("a relative, pinned baseline under go vet: %q, %s", msgs, err)
	}
}

// TestMissingBaseline: the error names the flag, and a driver's
// "todoctx: " prefix appears once.
func TestMissingBaseline(t *testing.T) {
	dir := t.TempDir()
	writeModule(t, dir, ratchetSrc)
	missing := filepath.Join(t.TempDir(), "missing")
	setBaseline(t, missing)
	want := "todoctx: -todoctx.baseline: open " + missing + ": no such file or directory"
	if _, err := run(t, dir); err != want {
		t.Errorf("a missing baseline: %q, want %q", err, want)
	}
}
