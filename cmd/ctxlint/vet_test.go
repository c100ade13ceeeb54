package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

var built struct {
	once sync.Once
	dir  string
	bin  string
	err  error
}

// TestMain removes the ctxlint binary the tests build.
func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// buildCtxlint builds this command once per test binary.
func buildCtxlint(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds ctxlint and runs the go command")
	}
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "ctxlint-test-"); built.err != nil {
			return
		}
		built.bin = filepath.Join(built.dir, "ctxlint")
		if out, err := exec.Command("go", "build", "-o", built.bin, ".").CombinedOutput(); err != nil {
			built.err = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return built.bin
}

// vetModule copies testdata/vetmod into a fresh module that uses this
// repository through a replace directive.
func vetModule(t *testing.T) string {
	t.Helper()
	repo, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	mod, err := os.ReadFile("testdata/vetmod/go.mod.txt")
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "go.mod"), bytes.ReplaceAll(mod, []byte("REPO"), []byte(repo)))
	sum, err := os.ReadFile(filepath.Join(repo, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "go.sum"), sum)
	for _, f := range []string{"agent/agent.go", "agent/agent_test.go", "worker/worker.go"} {
		src, err := os.ReadFile(filepath.Join("testdata/vetmod", f))
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(dir, f), src)
	}
	return dir
}

// writeFile writes a file, making its directory.
func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func goCmd(dir string, args ...string) (stdout, stderr string, code int) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	code = 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		code = -1
	}
	return o.String(), e.String(), code
}

// TestGoVet runs ctxlint under go vet -vettool, as Go 1.26 does it: the
// findings in file:line:col form, each once although the package has a
// test variant, and exit status 1; analyzer flags pass through.
func TestGoVet(t *testing.T) {
	bin := buildCtxlint(t)
	dir := vetModule(t)

	_, stderr, code := goCmd(dir, "vet", "-vettool="+bin, "./...")
	if code != 1 {
		t.Fatalf("go vet: exit %d, want 1\n%s", code, stderr)
	}
	want := []string{
		`agent/agent.go:15:3: "poller" (liveness): net/http.Get without the health deadline (it takes no context): Run (agent.go:15)`,
		`agent/agent.go:22:16: context.TODO() in Ping (in-scope): a context is in scope: use ctx`,
		// The handle's type comes from export data, its name and kind from
		// agent's facts: the package imports no health runtime itself.
		`worker/worker.go:14:3: "worker" (liveness): net/http.Get without the health deadline (it takes no context): Work (worker.go:14)`,
	}
	for _, w := range want {
		if n := strings.Count(stderr, w); n != 1 {
			t.Errorf("go vet printed %q %d times, want once:\n%s", w, n, stderr)
		}
	}

	_, stderr, code = goCmd(dir, "vet", "-vettool="+bin, "-ctxprop.nonblocking=net/http.Get", "./...")
	if code != 1 || strings.Contains(stderr, "net/http.Get") || !strings.Contains(stderr, "context.TODO() in Ping") {
		t.Errorf("go vet -ctxprop.nonblocking=net/http.Get: exit %d\n%s", code, stderr)
	}

	stdout, stderr, code := goCmd(dir, "vet", "-vettool="+bin, "-json", "./...")
	// One JSON object per package.
	type finding struct {
		Posn    string `json:"posn"`
		Message string `json:"message"`
	}
	js := map[string]map[string][]finding{}
	if code != 0 {
		t.Fatalf("go vet -json: exit %d\n%s%s", code, stdout, stderr)
	}
	for dec := json.NewDecoder(strings.NewReader(stdout + stderr)); ; {
		var obj map[string]map[string][]finding
		if err := dec.Decode(&obj); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("go vet -json: %v\n%s%s", err, stdout, stderr)
		}
		maps.Copy(js, obj)
	}
	if pkg := js["example.com/vetmod/agent"]; len(pkg["ctxprop"]) != 1 || len(pkg["todoctx"]) != 1 || len(js["example.com/vetmod/worker"]["ctxprop"]) != 1 {
		t.Errorf("go vet -json: %v", js)
	}
}

// TestGoFix applies the suggested fixes through go vet -fix -diff and go
// fix -fixtool; a second run changes nothing.
func TestGoFix(t *testing.T) {
	bin := buildCtxlint(t)
	dir := vetModule(t)
	file := filepath.Join(dir, "agent", "agent.go")
	before, _ := os.ReadFile(file)

	stdout, stderr, code := goCmd(dir, "vet", "-vettool="+bin, "-fix", "-diff", "./...")
	if code == 0 || !strings.Contains(stdout, "-\treturn d.Ping(context.TODO())") || !strings.Contains(stdout, "+\treturn d.Ping(ctx)") {
		t.Errorf("go vet -fix -diff: exit %d\n%s%s", code, stdout, stderr)
	}
	if after, _ := os.ReadFile(file); !bytes.Equal(before, after) {
		t.Error("go vet -fix -diff changed the file")
	}

	if _, stderr, code := goCmd(dir, "fix", "-fixtool="+bin, "./..."); code != 0 {
		t.Fatalf("go fix: exit %d\n%s", code, stderr)
	}
	after, _ := os.ReadFile(file)
	if !bytes.Contains(after, []byte("return d.Ping(ctx)")) {
		t.Errorf("go fix did not apply the fix:\n%s", after)
	}
	if _, _, code := goCmd(dir, "fix", "-fixtool="+bin, "./..."); code != 0 {
		t.Errorf("second go fix: exit %d", code)
	}
	if again, _ := os.ReadFile(file); !bytes.Equal(after, again) {
		t.Errorf("a second go fix changed the file:\n%s", again)
	}
	if stdout, _, code := goCmd(dir, "fix", "-fixtool="+bin, "-diff", "./..."); code != 0 || stdout != "" {
		t.Errorf("go fix -diff after fixing: exit %d\n%s", code, stdout)
	}
}

// baselineFlag runs ctxlint todo -baseline-flag FILE in dir.
func baselineFlag(t *testing.T, bin, dir, file string) string {
	t.Helper()
	cmd := exec.Command(bin, "todo", "-baseline-flag", file)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("ctxlint todo -baseline-flag %s: %v", file, err)
	}
	return strings.TrimSpace(string(out))
}

// TestGoVetBaselineRelative: go vet runs the tool in each package's
// directory; a relative -todoctx.baseline is relative to the module root.
// Without the file's digest the value is refused, with the flag to pass,
// on every run: a cached run does not hide it.
func TestGoVetBaselineRelative(t *testing.T) {
	bin := buildCtxlint(t)
	dir := vetModule(t)
	writeFile(t, filepath.Join(dir, "todo.baseline"), []byte("example.com/vetmod/agent Ping 1\n"))
	pinned := baselineFlag(t, bin, dir, "todo.baseline")
	if !strings.HasPrefix(pinned, "-todoctx.baseline=todo.baseline@sha256:") {
		t.Fatalf("ctxlint todo -baseline-flag todo.baseline = %q", pinned)
	}

	_, stderr, code := goCmd(dir, "vet", "-vettool="+bin, "-ctxprop.nonblocking=net/http.Get", pinned, "./...")
	if code != 0 {
		t.Errorf("go vet %s: exit %d, want 0 (the TODO is baselined)\n%s", pinned, code, stderr)
	}

	for run := 1; run <= 2; run++ {
		_, stderr, code = goCmd(dir, "vet", "-vettool="+bin, "-ctxprop.nonblocking=net/http.Get", "-todoctx.baseline=todo.baseline", "./...")
		want := "agent/agent.go:3:1: -todoctx.baseline=todo.baseline has no digest, and go vet caches results by its flags, not by the file's contents: pass " +
			pinned + " (ctxlint todo -baseline-flag todo.baseline prints it)"
		if code != 1 || !strings.Contains(stderr, want) {
			t.Errorf("run %d of go vet without the digest: exit %d\n%s\nwant 1 and %q", run, code, stderr, want)
		}
	}
}

// TestGoVetBaselineEdited: go vet caches results by the tool's flags; the
// pinned value changes with the file, so the run after an edit sees it,
// although the cache is warm; a stale digest is refused whenever a package
// is analysed again.
func TestGoVetBaselineEdited(t *testing.T) {
	bin := buildCtxlint(t)
	dir := vetModule(t)
	baseline := filepath.Join(dir, "todo.baseline")
	writeFile(t, baseline, []byte("example.com/vetmod/agent Ping 1\n"))
	vet := func(flag string, extra ...string) (string, int) {
		_, stderr, code := goCmd(dir, append(append([]string{"vet", "-vettool=" + bin, "-ctxprop.nonblocking=net/http.Get", flag}, extra...), "./...")...)
		return stderr, code
	}
	const ping = "agent/agent.go:22:16: context.TODO() in Ping (in-scope)"
	before := baselineFlag(t, bin, dir, "todo.baseline")
	if stderr, code := vet(before); code != 0 || strings.Contains(stderr, ping) {
		t.Fatalf("go vet %s: exit %d, want 0\n%s", before, code, stderr)
	}
	// The cache is warm: the same run does not start the tool for agent.
	if stderr, code := vet(before, "-x"); code != 0 || strings.Contains(stderr, "cd "+filepath.Join(dir, "agent")+"\n") {
		t.Fatalf("go vet -x %s: exit %d, the tool ran again:\n%s", before, code, stderr)
	}

	writeFile(t, baseline, []byte("# Ping's TODO is back in the inventory.\n"))
	after := baselineFlag(t, bin, dir, "todo.baseline")
	if after == before {
		t.Fatalf("the flag did not change with the file: %s", after)
	}
	if stderr, code := vet(after); code != 1 || !strings.Contains(stderr, ping) {
		t.Errorf("go vet %s after the edit: exit %d, want 1 and %q\n%s", after, code, ping, stderr)
	}

	// The old digest, once agent is analysed again.
	f, err := os.OpenFile(filepath.Join(dir, "agent", "agent.go"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString("\n// An edit.\n"); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	want := "agent/agent.go:3:1: " + before + ": the file has changed since: pass " + after
	if stderr, code := vet(before); code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("go vet %s with the file edited: exit %d\n%s\nwant 1 and %q", before, code, stderr, want)
	}
}
