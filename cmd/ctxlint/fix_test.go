package main

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestFixExampleAgent migrates a copy of examples/agent with the built
// binary, as a user would: it exits 3 and says what it rewrote; the copy
// builds and vets; ctxlint then reports nothing; a second -fix -diff has
// nothing to do (exit 0, no diff).
func TestFixExampleAgent(t *testing.T) {
	bin := buildCtxlint(t)
	dir := agentCopy(t)
	run := func(args ...string) (string, string, int) {
		cmd := exec.Command(bin, args...)
		cmd.Dir = dir
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return stdout.String(), stderr.String(), code
	}
	_, stderr, code := run("-fix", "./...")
	t.Log(stderr)
	if code != 3 || !strings.Contains(stderr, "rewrote 16 functions in 8 files; applied 16 of 16 change sets; 0 refused") {
		t.Fatalf("ctxlint -fix: exit %d, want 3 with the summary; stderr:\n%s", code, stderr)
	}
	for _, args := range [][]string{{"build", "./..."}, {"vet", "./..."}} {
		cmd := exec.Command("go", args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("go %s on the migrated agent: %v\n%s", args[0], err, out)
		}
	}
	if stdout, stderr, code := run("-whole-program", "./..."); code != 0 {
		t.Errorf("ctxlint -whole-program after the fix: exit %d\n%s%s", code, stdout, stderr)
	}
	if stdout, stderr, code := run("-fix", "-diff", "./..."); code != 0 || stdout != "" {
		t.Errorf("second ctxlint -fix -diff: exit %d, want 0 and no diff\n%s%s", code, stdout, stderr)
	}
	src, err := os.ReadFile(filepath.Join(dir, "providers", "provider.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"case deadline := <-h.C:",
		"ctx, cancel := health.WithDeadline(context.Background(), deadline)",
		"Collect(ctx context.Context) ([]Config, error)",
	} {
		if !bytes.Contains(src, []byte(want)) {
			t.Errorf("providers/provider.go lacks %q", want)
		}
	}
}

// agentCopy copies examples/agent into a module of its own, example.com/agent,
// that uses this checkout's runtime/health.
func agentCopy(t *testing.T) string {
	t.Helper()
	repo, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	from := filepath.Join(repo, "examples", "agent")
	dir := t.TempDir()
	err = filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(from, path)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dir, rel), 0o755)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		b = bytes.ReplaceAll(b, []byte("github.com/ctxlint/ctxlint/examples/agent"), []byte("example.com/agent"))
		return os.WriteFile(filepath.Join(dir, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	mod := "module example.com/agent\n\ngo 1.26.0\n\nrequire github.com/ctxlint/ctxlint v0.0.0\n\nreplace github.com/ctxlint/ctxlint => " + repo + "\n"
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(mod), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}
