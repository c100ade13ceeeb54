package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const todoPkg = "github.com/ctxlint/ctxlint/cmd/ctxlint/testdata/todo/"

// TestTodoStale: with -todoctx.baseline, ctxlint todo reports the entries
// that match no site in the whole program, those of packages that no
// longer exist included, and exits 3 as ctxlint does on findings. An entry
// of a package that exists but was not analysed is not judged.
func TestTodoStale(t *testing.T) {
	golden, err := os.ReadFile("testdata/golden/todo.baseline")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "todo.baseline")
	writeFile(t, path, golden)

	// Nothing stale: the inventory exactly as without a baseline.
	var stdout, stderr bytes.Buffer
	if code := todoCommand([]string{"-todoctx.baseline=" + path, "./testdata/todo/..."}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit code %d, want 0: %s", code, stderr.String())
	}
	want, err := os.ReadFile("testdata/golden/todo.txt")
	if err != nil {
		t.Fatal(err)
	}
	if stdout.String() != string(want) {
		t.Errorf("with a current baseline:\n%s\nwant\n%s", stdout.String(), want)
	}

	extra := []string{
		todoPkg + "gone Fetch 1",        // the package was deleted
		todoPkg + "client Gone 1",       // the function was
		todoPkg + "client_test TestX 1", // the package's external tests were
		"github.com/ctxlint/ctxlint/cmd/ctxlint/testdata/wholeprog/app Main 1", // exists, not analysed
	}
	writeFile(t, path, append(golden, strings.Join(extra, "\n")+"\n"...))
	stdout.Reset()
	stderr.Reset()
	if code := todoCommand([]string{"-todoctx.baseline=" + path, "./testdata/todo/..."}, &stdout, &stderr); code != 3 {
		t.Fatalf("exit code %d, want 3: %s", code, stderr.String())
	}
	wantStale := ""
	for _, key := range []string{todoPkg + "client Gone 1", todoPkg + "client_test TestX 1", todoPkg + "gone Fetch 1"} {
		wantStale += `stale baseline entry "` + key + `": no such context.TODO() any more: remove it from ` + path + "\n"
	}
	if got := stdout.String(); got != string(want)+wantStale {
		t.Errorf("with stale entries:\n%s\nwant\n%s%s", got, want, wantStale)
	}

	stdout.Reset()
	if code := todoCommand([]string{"-format=json", "-todoctx.baseline=" + path, "./testdata/todo/..."}, &stdout, &stderr); code != 3 {
		t.Fatalf("-format=json: exit code %d, want 3: %s", code, stderr.String())
	}
	var js struct{ Stale []string }
	if err := json.Unmarshal(stdout.Bytes(), &js); err != nil || len(js.Stale) != 3 || js.Stale[2] != todoPkg+"gone Fetch 1" {
		t.Errorf("-format=json: stale %q, %v", js.Stale, err)
	}
	stdout.Reset()
	if code := todoCommand([]string{"-format=markdown", "-todoctx.baseline=" + path, "./testdata/todo/..."}, &stdout, &stderr); code != 3 ||
		!strings.Contains(stdout.String(), "\n### Stale baseline entries\n\nRemove them from `"+path+"`:\n\n- `"+todoPkg+"client Gone 1`\n") {
		t.Errorf("-format=markdown: exit code %d:\n%s", code, stdout.String())
	}
}

// TestTodoBaselineMode: -write-baseline keeps the mode of the file it
// replaces, and makes a new one 0644.
func TestTodoBaselineMode(t *testing.T) {
	dir := t.TempDir()
	for name, mode := range map[string]os.FileMode{"new": 0, "group": 0o640, "private": 0o600, "shared": 0o664} {
		path := filepath.Join(dir, name)
		want := mode
		if mode == 0 {
			want = 0o644
		} else {
			if err := os.WriteFile(path, []byte("# old\n"), mode); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(path, mode); err != nil { // whatever the umask
				t.Fatal(err)
			}
		}
		var stdout, stderr bytes.Buffer
		if code := todoCommand([]string{"-write-baseline", path, "./testdata/todo/client"}, &stdout, &stderr); code != 0 {
			t.Fatalf("exit code %d: %s", code, stderr.String())
		}
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if got := fi.Mode().Perm(); got != want {
			t.Errorf("%s: mode %v, want %v", name, got, want)
		}
		if b, _ := os.ReadFile(path); !bytes.Contains(b, []byte(todoPkg+"client Fetch 1")) {
			t.Errorf("%s: not rewritten:\n%s", name, b)
		}
	}
}

// TestTodoCtxpropFlags: ctxlint todo takes ctxprop's flags, so a loop of a
// home-grown runtime counts, and leaves them as they were.
func TestTodoCtxpropFlags(t *testing.T) {
	const monitored = `context.TODO() in poll is on the stuck path of "poller" (Register) to (*net.Dialer).DialContext`
	run := func(args ...string) string {
		t.Helper()
		var stdout, stderr bytes.Buffer
		if code := todoCommand(append(args, "./testdata/todoregister/..."), &stdout, &stderr); code != 0 {
			t.Fatalf("ctxlint todo %q: exit code %d: %s", args, code, stderr.String())
		}
		return stdout.String()
	}
	if out := run("-ctxprop.register=github.com/ctxlint/ctxlint/cmd/ctxlint/testdata/todoregister/checks.Register"); !strings.Contains(out, monitored) {
		t.Errorf("with -ctxprop.register:\n%s\nwant %q", out, monitored)
	}
	if out := run(); strings.Contains(out, "stuck path") {
		t.Errorf("without -ctxprop.register (the flag must not stick):\n%s", out)
	}
}

// TestTodoBaselineFlag: -baseline-flag prints the flag that pins the
// file's contents, for go vet.
func TestTodoBaselineFlag(t *testing.T) {
	path := filepath.Join(t.TempDir(), "todo.baseline")
	writeFile(t, path, []byte("example.com/p F 1\n"))
	sum := sha256.Sum256([]byte("example.com/p F 1\n"))
	var stdout, stderr bytes.Buffer
	if code := todoCommand([]string{"-baseline-flag", path}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit code %d: %s", code, stderr.String())
	}
	if want := "-todoctx.baseline=" + path + "@sha256:" + hex.EncodeToString(sum[:]) + "\n"; stdout.String() != want {
		t.Errorf("ctxlint todo -baseline-flag: %q, want %q", stdout.String(), want)
	}
	stdout.Reset()
	if code := todoCommand([]string{"-baseline-flag", path + ".missing"}, &stdout, &stderr); code != 1 || stdout.Len() != 0 {
		t.Errorf("a missing file: exit code %d, stdout %q", code, stdout.String())
	}
}

// TestTodoBaselineErrorOnce: the binary, run standalone, names the
// analyzer once in a baseline error.
func TestTodoBaselineErrorOnce(t *testing.T) {
	bin := buildCtxlint(t)
	missing := filepath.Join(t.TempDir(), "missing")
	var stderr bytes.Buffer
	cmd := exec.Command(bin, "-todoctx.baseline="+missing, "./testdata/todo/client")
	cmd.Stderr = &stderr
	if err := cmd.Run(); err == nil {
		t.Fatal("ctxlint with a missing baseline succeeded")
	}
	want := "todoctx: -todoctx.baseline: open " + missing + ": no such file or directory\n"
	if got := stderr.String(); !strings.HasPrefix(got, want) || strings.Contains(got, "todoctx: todoctx:") {
		t.Errorf("stderr:\n%s\nwant it to start with %q", got, want)
	}
}
