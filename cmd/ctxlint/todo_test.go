package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// golden compares got with testdata/golden/name, or rewrites it.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		writeFile(t, path, got)
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file:\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

// TestTodoInventory checks the three formats against golden files. The
// fixture's Fetch is on the stuck path of a loop in another package: only
// the whole-program inventory marks it monitored.
func TestTodoInventory(t *testing.T) {
	for format, file := range map[string]string{"text": "todo.txt", "json": "todo.json", "markdown": "todo.md"} {
		var stdout, stderr bytes.Buffer
		if code := todoCommand([]string{"-format", format, "./testdata/todo/..."}, &stdout, &stderr); code != 0 {
			t.Fatalf("-format %s: exit code %d: %s", format, code, stderr.String())
		}
		golden(t, file, stdout.Bytes())
	}
}

func TestTodoWriteBaseline(t *testing.T) {
	path := filepath.Join(t.TempDir(), "todo.baseline")
	var stdout, stderr bytes.Buffer
	if code := todoCommand([]string{"-write-baseline", path, "./testdata/todo/..."}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit code %d: %s", code, stderr.String())
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "todo.baseline", got)
}

func TestTodoErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
	}{
		{[]string{"-format", "xml", "./testdata/todo/..."}, 2},
		{[]string{"-nope"}, 2},
		{[]string{"./testdata/does-not-exist"}, 1},
		{[]string{"./testdata/nopkgs/..."}, 1},
		{[]string{"-write-baseline", "/nonexistent-dir/b", "./testdata/todo/client"}, 1},
	} {
		var stdout, stderr bytes.Buffer
		if code := todoCommand(tc.args, &stdout, &stderr); code != tc.code {
			t.Errorf("ctxlint todo %v: exit code %d, want %d (stderr: %s)", tc.args, code, tc.code, stderr.String())
		}
	}
}
