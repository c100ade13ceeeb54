package main

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
)

const wholeprogFixture = "./testdata/wholeprog/..."

// TestWholeProgram: the loop's package does not import the package that
// implements its interface over HTTP. Package by package, ctxprop cannot
// see that implementation; the whole-program mode reports it.
func TestWholeProgram(t *testing.T) {
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax}, wholeprogFixture)
	if err != nil || packages.PrintErrors(pkgs) > 0 {
		t.Fatalf("load: %v", err)
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{ctxprop.Analyzer}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	for act := range graph.All() {
		if act.IsRoot && strings.HasSuffix(act.Package.PkgPath, "/loop") && len(act.Diagnostics) > 0 {
			t.Errorf("per-package run reported %s: %s", act.Package, act.Diagnostics[0].Message)
		}
	}

	var stdout, stderr bytes.Buffer
	code := standalone([]string{"-whole-program", wholeprogFixture}, &stdout, &stderr)
	if code != 3 {
		t.Fatalf("exit code %d, want 3 (findings); stderr: %s", code, stderr.String())
	}
	want := `loop.go:14:3: "fetcher" (liveness): net/http.Get without the health deadline (it takes no context): ~Run (loop.go:14) → HTTPSource.Fetch (impl.go:9)`
	if !strings.Contains(stdout.String(), want) {
		t.Errorf("whole-program output:\n%s\nwant a line ending in:\n%s", stdout.String(), want)
	}
}

func TestWholeProgramErrors(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := standalone([]string{"-whole-program", "-ctxprop.nope", wholeprogFixture}, &stdout, &stderr); code != 2 {
		t.Errorf("unknown flag: exit code %d, want 2", code)
	}
	if code := standalone([]string{"-whole-program", "./testdata/does-not-exist"}, &stdout, &stderr); code != 1 {
		t.Errorf("bad pattern: exit code %d, want 1", code)
	}
	stdout.Reset()
	if code := standalone([]string{"-whole-program", "./testdata/wholeprog/impl"}, &stdout, &stderr); code != 0 || stdout.Len() > 0 {
		t.Errorf("clean package: exit code %d, output %q", code, stdout.String())
	}
}

// TestCgoFileNames: a path through a cgo file names the user's file and
// line, in both modes, not the build cache's file that cgo generated; the
// cgo file's function is a hop like any other (rewrite.LoadMode loads the
// file as written), which -fix can edit.
func TestCgoFileNames(t *testing.T) {
	want := []string{
		`loop.go:12:7: "cgo" (liveness): net.LookupHost without the health deadline (it takes no context): Loop (loop.go:12) → resolve (resolve.go:12); run ctxlint -fix to thread the deadline down`,
	}
	for _, args := range [][]string{{"./testdata/cgoname"}, {"-whole-program", "./testdata/cgoname"}} {
		if got := reports(t, args...); !slices.Equal(got, want) {
			t.Errorf("ctxlint %s:\n%s\nwant:\n%s", strings.Join(args, " "), strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}
