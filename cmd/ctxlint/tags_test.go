package main

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// tagged has its monitored loop's stuck call, and a context.TODO(), only
// in a file built with the agenttag tag.
const tagged = "./testdata/tagged"

const (
	taggedStuck = `agent.go:15:3: "tagged" (liveness): net/http.Get without the health deadline (it takes no context): Run (agent.go:15)`
	taggedTODO  = `agent.go:20:41: context.TODO() in Ping (hoist)`
)

// TestTagsOwnDriver: ctxlint's own driver loads the packages with -tags,
// in both spellings, and without it does not see the tagged file. A run
// without -tags after one with it does not keep the tags.
func TestTagsOwnDriver(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
	}{
		{[]string{"-format=text", "-tags=agenttag", tagged}, 3},
		{[]string{"-whole-program", "-tags", "agenttag", tagged}, 3},
		{[]string{"-whole-program", "--tags=other,agenttag", tagged}, 3},
		{[]string{"-format=text", tagged}, 0},
		{[]string{"-whole-program", tagged}, 0},
		{[]string{"-whole-program", "-tags=other", tagged}, 0},
	} {
		var stdout, stderr bytes.Buffer
		code := standalone(tc.args, &stdout, &stderr)
		if code != tc.code {
			t.Errorf("ctxlint %q: exit code %d, want %d; stderr: %s", tc.args, code, tc.code, stderr.String())
		}
		if got := strings.Contains(stdout.String(), taggedStuck); got != (tc.code == 3) {
			t.Errorf("ctxlint %q: reports the tagged file's stuck call: %v, want %v; output:\n%s", tc.args, got, tc.code == 3, stdout.String())
		}
	}
}

// TestTagsTodo: ctxlint todo loads the packages with -tags.
func TestTagsTodo(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want bool
	}{
		{[]string{"-tags=agenttag", tagged}, true},
		{[]string{"-tags", "agenttag", "-format=json", tagged}, true},
		{[]string{tagged}, false},
	} {
		var stdout, stderr bytes.Buffer
		if code := todoCommand(tc.args, &stdout, &stderr); code != 0 {
			t.Errorf("ctxlint todo %q: exit code %d, want 0; stderr: %s", tc.args, code, stderr.String())
		}
		site := "agent.go:20:41"
		if got := strings.Contains(stdout.String(), site); got != tc.want {
			t.Errorf("ctxlint todo %q: lists the TODO at %s: %v, want %v; output:\n%s", tc.args, site, got, tc.want, stdout.String())
		}
	}
}

// TestPlainTags: the plain mode refuses a -tags it would ignore, in every
// spelling, and names GOFLAGS; under the go vet / go fix protocol, where
// the go command applied the tags, and with an empty value, it allows it.
func TestPlainTags(t *testing.T) {
	for _, args := range [][]string{
		{"-tags=agenttag", "./..."},
		{"--tags=agenttag", "./..."},
		{"-tags", "agenttag", "./..."},
		{"--tags", "agenttag"},
		{"-json", "-c", "2", "-tags=agenttag", "./..."},
		{"./...", "-tags=agenttag"},
	} {
		err := plainTags(args)
		if err == nil || !strings.Contains(err.Error(), "GOFLAGS=-tags=agenttag") {
			t.Errorf("plainTags(%q) = %v, want an error naming GOFLAGS=-tags=agenttag", args, err)
		}
	}
	for _, args := range [][]string{
		nil,
		{"./..."},
		{"-json", "./..."},
		{"-tags=agenttag", "-json", "/tmp/go-build1/b001/vet.cfg"},
		{"-tags=", "./..."},
		{"-tags", "", "./..."},
		{"-tags"}, // the flag package reports the missing value
		{"-ctxprop.sinks=example.com/tags.Get", "./..."},
		{"--", "-tags=agenttag"},
	} {
		if err := plainTags(args); err != nil {
			t.Errorf("plainTags(%q) = %v, want nil", args, err)
		}
	}
}

// TestTagsBinary: through the binary, the plain mode refuses -tags with
// exit status 1 and honours GOFLAGS=-tags=...; the own driver and go vet
// honour -tags.
func TestTagsBinary(t *testing.T) {
	bin := buildCtxlint(t)
	run := func(env []string, args ...string) (stdout, stderr string, code int) {
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), env...)
		var o, e bytes.Buffer
		cmd.Stdout, cmd.Stderr = &o, &e
		err := cmd.Run()
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return o.String(), e.String(), code
	}

	stdout, stderr, code := run(nil, "-tags=agenttag", tagged)
	if code != 1 || !strings.Contains(stderr, "-tags is not honoured") || !strings.Contains(stderr, "GOFLAGS=-tags=agenttag") {
		t.Errorf("ctxlint -tags=agenttag: exit %d, want 1 and the GOFLAGS hint; stdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	stdout, stderr, code = run([]string{"GOFLAGS=-tags=agenttag"}, tagged)
	if code != 3 || !strings.Contains(stderr, taggedStuck) {
		t.Errorf("GOFLAGS=-tags=agenttag ctxlint: exit %d, want 3 and the tagged file's stuck call; stderr:\n%s", code, stderr)
	}
	if _, stderr, code = run(nil, tagged); code != 0 {
		t.Errorf("ctxlint without tags: exit %d, want 0; stderr:\n%s", code, stderr)
	}
	stdout, stderr, code = run(nil, "-whole-program", "-tags=agenttag", tagged)
	if code != 3 || !strings.Contains(stdout, taggedStuck) {
		t.Errorf("ctxlint -whole-program -tags=agenttag: exit %d, want 3 and the stuck call; stdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	stdout, stderr, code = run(nil, "todo", "-tags=agenttag", tagged)
	if code != 0 || !strings.Contains(stdout, taggedTODO) {
		t.Errorf("ctxlint todo -tags=agenttag: exit %d, want 0 and the tagged TODO; stdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}

	// go vet passes its -tags on to the tool with the .cfg file.
	_, stderr, code = goCmd(".", "vet", "-tags=agenttag", "-vettool="+bin, tagged)
	if code != 1 || !strings.Contains(stderr, taggedStuck) || !strings.Contains(stderr, taggedTODO) {
		t.Errorf("go vet -tags=agenttag: exit %d, want 1 and the tagged file's findings:\n%s", code, stderr)
	}
}
