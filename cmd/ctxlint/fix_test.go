package main

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
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

// fixModule writes a module (example.com/x, using this checkout) with the
// given files into a temporary directory and makes it the working
// directory.
func fixModule(t *testing.T, files map[string]string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("loads modules")
	}
	repo, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	files["go.mod"] = "module example.com/x\n\ngo 1.26.0\n\nrequire github.com/ctxlint/ctxlint v0.0.0\n\nreplace github.com/ctxlint/ctxlint => " + repo + "\n"
	for name, src := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	return dir
}

const resolveLoop = `package r

import (
	"net"

	"github.com/ctxlint/ctxlint/runtime/health"
)

func resolve(name string) error {
	_, err := net.LookupHost(name)
	return err
}

// Loop resolves on every tick.
func Loop() {
	h := health.RegisterLiveness("r")
	for range h.C {
		_ = resolve("a")
	}
}
`

// TestFixDiffJSON: -fix -diff -json prints the outcome and the diff as
// JSON, exits 3 (pending), and writes nothing; without -diff it writes,
// and then there is nothing to do (exit 0).
func TestFixDiffJSON(t *testing.T) {
	dir := fixModule(t, map[string]string{"r/r.go": resolveLoop})
	var stdout, stderr bytes.Buffer
	if code := fixCommand([]string{"-fix", "-diff", "-json", "./..."}, &stdout, &stderr); code != 3 {
		t.Fatalf("exit %d, want 3; stderr: %s", code, stderr.String())
	}
	var sum fixSummary
	if err := json.Unmarshal(stdout.Bytes(), &sum); err != nil {
		t.Fatalf("%v\n%s", err, stdout.String())
	}
	if sum.Functions != 1 || len(sum.Files) != 1 || sum.Files[0] != filepath.Join("r", "r.go") || len(sum.Refused) != 0 {
		t.Errorf("summary %+v, want 1 function in r/r.go, nothing refused", sum)
	}
	for _, want := range []string{"+func resolve(ctx context.Context, name string) error {", "+\t_, err := net.DefaultResolver.LookupHost(ctx, name)", "+\t\t_ = resolve(ctx, \"a\")"} {
		if !strings.Contains(sum.Diff, want) {
			t.Errorf("diff lacks %q:\n%s", want, sum.Diff)
		}
	}
	if src, _ := os.ReadFile(filepath.Join(dir, "r", "r.go")); string(src) != resolveLoop {
		t.Fatal("-diff wrote the file")
	}
	stdout.Reset()
	stderr.Reset()
	// A mode of its own, which the atomic write keeps.
	if err := os.Chmod(filepath.Join(dir, "r", "r.go"), 0o600); err != nil {
		t.Fatal(err)
	}
	if code := fixCommand([]string{"-fix", "./..."}, &stdout, &stderr); code != 3 {
		t.Fatalf("exit %d, want 3; stderr: %s", code, stderr.String())
	}
	if !strings.Contains(stderr.String(), "rewrote 1 functions in 1 files; applied 3 of 3 change sets; 0 refused") {
		t.Errorf("summary: %s", stderr.String())
	}
	if fi, err := os.Stat(filepath.Join(dir, "r", "r.go")); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("mode after the write: %v %v", fi.Mode(), err)
	}
	if code := fixCommand([]string{"-fix", "./..."}, &stdout, &stderr); code != 0 {
		t.Fatalf("second run: exit %d, want 0", code)
	}
}

// TestFixTodoInventory: a caller the fix gave context.TODO() (no loop
// above it, no context in scope) is in ctxlint todo's inventory after.
func TestFixTodoInventory(t *testing.T) {
	src := resolveLoop + `
// Warm resolves once, from no loop.
func Warm() { _ = resolve("w") }
`
	fixModule(t, map[string]string{"r/r.go": src})
	var stdout, stderr bytes.Buffer
	if code := fixCommand([]string{"-fix", "./..."}, &stdout, &stderr); code != 3 {
		t.Fatalf("exit %d, want 3; stderr: %s", code, stderr.String())
	}
	stdout.Reset()
	stderr.Reset()
	if code := todoCommand([]string{"./..."}, &stdout, &stderr); code != 0 {
		t.Fatalf("ctxlint todo: exit %d, want 0; stderr: %s", code, stderr.String())
	}
	// Warm's context.TODO() is the whole inventory: Loop's call got the
	// tick's context.
	const want = `example.com/x/r: 1 (hoist 1)
  r/r.go:26:27: context.TODO() in Warm (hoist): no context in scope: add a ctx parameter (exported: callers in other packages are not checked here)
total: 1 (hoist 1)
`
	if stdout.String() != want {
		t.Errorf("the inventory after the fix:\n%s\nwant Warm's context.TODO() (r/r.go:26) alone:\n%s", stdout.String(), want)
	}
}

// TestFixTagsExcluded: with -tags, a file the build excludes (another
// GOOS) is migrated too, and checked with a build for its platform that
// keeps the tags: the package compiles only with them.
func TestFixTagsExcluded(t *testing.T) {
	warm := `package r

// Warm resolves once on Windows.
func Warm() { _ = resolve("w") }
`
	dir := fixModule(t, map[string]string{"r/r.go": "//go:build agenttag\n\n" + resolveLoop, "r/warm_windows.go": warm})
	var stdout, stderr bytes.Buffer
	if code := fixCommand([]string{"-fix", "-tags=agenttag", "./..."}, &stdout, &stderr); code != 3 || strings.Contains(stderr.String(), "refused:") {
		t.Fatalf("exit %d, want 3 and nothing refused; stderr: %s", code, stderr.String())
	}
	got, _ := os.ReadFile(filepath.Join(dir, "r", "warm_windows.go"))
	if !strings.Contains(string(got), `_ = resolve(context.TODO(), "w")`) {
		t.Errorf("warm_windows.go was not migrated:\n%s", got)
	}
	vet := exec.Command("go", "vet", "-tags=agenttag", "./...")
	vet.Dir = dir
	vet.Env = append(os.Environ(), "GOOS=windows")
	if out, err := vet.CombinedOutput(); err != nil {
		t.Errorf("GOOS=windows go vet -tags=agenttag: %v\n%s", err, out)
	}
}

// TestFixBadInput: a package that does not type-check is an error (exit
// 1), and nothing is written.
func TestFixBadInput(t *testing.T) {
	broken := strings.Replace(resolveLoop, "return err", "return undefinedName", 1)
	dir := fixModule(t, map[string]string{"r/r.go": broken})
	var stdout, stderr bytes.Buffer
	if code := fixCommand([]string{"-fix", "./..."}, &stdout, &stderr); code != 1 {
		t.Fatalf("exit %d, want 1; stderr: %s", code, stderr.String())
	}
	// The errors themselves go to the process's stderr (packages.PrintErrors).
	if !strings.Contains(stderr.String(), "errors loading packages") {
		t.Errorf("stderr: %s", stderr.String())
	}
	if src, _ := os.ReadFile(filepath.Join(dir, "r", "r.go")); string(src) != broken {
		t.Fatal("a broken package was rewritten")
	}
	if code := fixCommand([]string{"-fix", "./nothing/..."}, &stdout, &stderr); code != 1 {
		t.Errorf("no packages: exit %d, want 1", code)
	}

	// A syntax error: the same, the file left as it is.
	unparsable := strings.Replace(resolveLoop, "return err", "return err +", 1)
	if err := os.WriteFile(filepath.Join(dir, "r", "r.go"), []byte(unparsable), 0o644); err != nil {
		t.Fatal(err)
	}
	stderr.Reset()
	if code := fixCommand([]string{"-fix", "./..."}, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "errors loading packages") {
		t.Errorf("syntax error: exit %d, want 1; stderr: %s", code, stderr.String())
	}
	if src, _ := os.ReadFile(filepath.Join(dir, "r", "r.go")); string(src) != unparsable {
		t.Fatal("a package that does not parse was rewritten")
	}

	// Outside any module: a clear error, nothing written.
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "r.go"), []byte(resolveLoop), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(outside)
	t.Setenv("GO111MODULE", "on")
	stderr.Reset()
	if code := fixCommand([]string{"-fix", "./..."}, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "the current directory is not in a Go module") {
		t.Errorf("outside a module: exit %d, want 1 and the reason; stderr: %s", code, stderr.String())
	}
	if src, _ := os.ReadFile(filepath.Join(outside, "r.go")); string(src) != resolveLoop {
		t.Fatal("a file outside any module was rewritten")
	}

	// From a module, a pattern in another directory outside it.
	t.Chdir(dir)
	stderr.Reset()
	if code := fixCommand([]string{"-fix", outside + "/..."}, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "not in the current directory's module") {
		t.Errorf("a pattern outside the module: exit %d, want 1 and the reason; stderr: %s", code, stderr.String())
	}
}

// TestFixTodo: a loop whose ticks carry no deadline is refused; with
// -fix.todo the functions below it are threaded from context.TODO().
func TestFixTodo(t *testing.T) {
	src := strings.NewReplacer(
		`	"github.com/ctxlint/ctxlint/runtime/health"
`, "",
		`	h := health.RegisterLiveness("r")
	for range h.C {`, `	h := &Handle{C: make(chan struct{})}
	for range h.C {`,
		"// Loop resolves on every tick.\n", "// Handle is another library's health handle.\ntype Handle struct{ C chan struct{} }\n\n// Loop resolves on every tick.\n//\n//ctxlint:monitored\n",
	).Replace(resolveLoop)
	dir := fixModule(t, map[string]string{"r/r.go": src})
	var stdout, stderr bytes.Buffer
	if code := fixCommand([]string{"-fix", "./..."}, &stdout, &stderr); code != 0 || !strings.Contains(stderr.String(), "no deadline: the tick carries no deadline: make the handle's C carry one (as runtime/health does): run with -fix.timeout=D") {
		t.Fatalf("without -fix.todo: exit %d, want 0 and the refusal; stderr: %s", code, stderr.String())
	}
	if code := fixCommand([]string{"-fix", "-fix.todo", "./..."}, &stdout, &stderr); code != 3 {
		t.Fatalf("-fix.todo: exit %d, want 3; stderr: %s", code, stderr.String())
	}
	got, _ := os.ReadFile(filepath.Join(dir, "r", "r.go"))
	for _, want := range []string{"func resolve(ctx context.Context, name string) error {", "_ = resolve(context.TODO(), \"a\")"} {
		if !strings.Contains(string(got), want) {
			t.Errorf("-fix.todo result lacks %q:\n%s", want, got)
		}
	}
}

// TestFixPeriodic: a periodic loop without a health runtime, named by
// -ctxprop.monitored rather than marked in the code, is migrated with
// -fix.timeout: each iteration derives a context with that timeout, the
// result builds, and a second run has nothing to do.
func TestFixPeriodic(t *testing.T) {
	src := strings.NewReplacer(
		`	"net"

	"github.com/ctxlint/ctxlint/runtime/health"
`, `	"net"
	"time"
`,
		`	h := health.RegisterLiveness("r")
	for range h.C {`, `	t := time.NewTicker(time.Minute)
	for range t.C {`,
	).Replace(resolveLoop)
	dir := fixModule(t, map[string]string{"r/r.go": src})
	resetMonitored(t)
	var stdout, stderr bytes.Buffer
	// Without a timeout the loop is refused, saying how to bound it.
	if code := fixCommand([]string{"-fix", "-diff", "-ctxprop.monitored=example.com/x/r.Loop", "./..."}, &stdout, &stderr); code != 0 ||
		!strings.Contains(stderr.String(), "no deadline: Loop is monitored but receives no health tick: run with -fix.timeout=D") {
		t.Fatalf("without -fix.timeout: exit %d, want 0 and the refusal; stderr: %s", code, stderr.String())
	}
	stdout.Reset()
	stderr.Reset()
	flags := []string{"-fix", "-ctxprop.monitored=example.com/x/r.Loop", "-fix.timeout=1500ms", "./..."}
	if code := fixCommand(flags, &stdout, &stderr); code != 3 {
		t.Fatalf("exit %d, want 3 (rewritten); stderr: %s", code, stderr.String())
	}
	got, err := os.ReadFile(filepath.Join(dir, "r", "r.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"ctx, cancel := context.WithTimeout(context.Background(), 1500*time.Millisecond)",
		"_ = resolve(ctx, \"a\")",
		"func resolve(ctx context.Context, name string) error {",
		"net.DefaultResolver.LookupHost(ctx, name)",
	} {
		if !strings.Contains(string(got), want) {
			t.Errorf("result lacks %q:\n%s", want, got)
		}
	}
	if _, e, code := goCmd(dir, "build", "./..."); code != 0 {
		t.Fatalf("the result does not build: %s", e)
	}
	stderr.Reset()
	if code := fixCommand(flags, &stdout, &stderr); code != 0 {
		t.Errorf("second run: exit %d, want 0 (nothing to do); stderr: %s", code, stderr.String())
	}
}

// TestFixPeriodicBadInput: a negative timeout and a malformed function
// name are usage errors that say what is wrong.
func TestFixPeriodicBadInput(t *testing.T) {
	fixModule(t, map[string]string{"r/r.go": resolveLoop})
	resetMonitored(t)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-fix", "-fix.timeout=-1s", "./..."}, 2, "want a positive duration"},
		{[]string{"-fix", "-ctxprop.monitored=not a name", "./..."}, 2, "want importpath.Func or (*importpath.T).M"},
	} {
		var stdout, stderr bytes.Buffer
		if code := fixCommand(c.args, &stdout, &stderr); code != c.code || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%v: exit %d, want %d and %q; stderr: %s", c.args, code, c.code, c.want, stderr.String())
		}
	}
}

// resetMonitored restores -ctxprop.monitored after the test: the
// analyzer's flags are the process's, and fixCommand sets them.
func resetMonitored(t *testing.T) {
	f := ctxprop.Analyzer.Flags.Lookup("monitored")
	old := f.Value.String()
	t.Cleanup(func() {
		if err := f.Value.Set(old); err != nil {
			t.Error(err)
		}
	})
}
