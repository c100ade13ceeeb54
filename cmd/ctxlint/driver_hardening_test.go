package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ctxlint/ctxlint/analyzers/todoctx"
)

const twosinks = "./testdata/twosinks"

// TestSARIFTwoSinks: one call in the loop reaches two sinks, so two
// findings share a position; each SARIF result carries its own chain,
// ending at its own sink call.
func TestSARIFTwoSinks(t *testing.T) {
	for _, mode := range [][]string{{"-format=sarif", twosinks}} {
		var stdout, stderr bytes.Buffer
		if code := standalone(mode, &stdout, &stderr); code != 3 {
			t.Fatalf("%v: exit code %d, want 3; stderr: %s", mode, code, stderr.String())
		}
		var log sarifLog
		if err := json.Unmarshal(stdout.Bytes(), &log); err != nil {
			t.Fatal(err)
		}
		results := log.Runs[0].Results
		if len(results) != 2 {
			t.Fatalf("%v: %d results, want 2 (net/http.Get and net/http.Post)", mode, len(results))
		}
		want := map[string]int{"net/http.Get": 20, "net/http.Post": 21}
		for _, r := range results {
			sink := strings.TrimPrefix(r.Message.Text, `"poller" (liveness): `)
			sink, _, _ = strings.Cut(sink, " ")
			line, ok := want[sink]
			if !ok {
				t.Errorf("%v: unexpected result %q", mode, r.Message.Text)
				continue
			}
			delete(want, sink)
			if r.Locations[0].PhysicalLocation.Region.StartLine != 15 {
				t.Errorf("%v: %s reported at line %d, want 15 (the call in the loop)", mode, sink, r.Locations[0].PhysicalLocation.Region.StartLine)
			}
			if n := len(r.RelatedLocations); n != 2 {
				t.Errorf("%v: %s: %d related locations, want 2", mode, sink, n)
				continue
			}
			last := r.RelatedLocations[1].PhysicalLocation.Region.StartLine
			flow := r.CodeFlows[0].ThreadFlows[0].Locations
			if last != line || flow[len(flow)-1].Location.PhysicalLocation.Region.StartLine != line {
				t.Errorf("%v: %s: chain ends at line %d, want its own sink call at line %d", mode, sink, last, line)
			}
		}
	}
}

// TestWholeProgramTodoctx: -whole-program runs todoctx (per package, with
// the program's paths) as well as ctxprop over the whole program, with
// todoctx's flags.
func TestWholeProgramTodoctx(t *testing.T) {
	t.Cleanup(func() { todoctx.Analyzer.Flags.Set("baseline", "") }) // the flags are the analyzer's
	var stdout, stderr bytes.Buffer
	code := standalone([]string{"-whole-program", "./testdata/todo/..."}, &stdout, &stderr)
	if code != 3 {
		t.Fatalf("exit code %d, want 3; stderr: %s", code, stderr.String())
	}
	for _, want := range []string{
		`client.go:23:31: context.TODO() in Ping (in-scope): a context is in scope: use ctx`,
		`loop.go:12:3: "fetcher" (liveness): (*net.Dialer).DialContext without the health deadline`,
	} {
		if strings.Count(stdout.String(), want) != 1 {
			t.Errorf("-whole-program output:\n%s\nwant once a line containing:\n%s", stdout.String(), want)
		}
	}

	// A TODO below a loop of another package: only the whole program
	// sees that it is on the loop's path.
	const todo = `impl.go:13:41: context.TODO() in HTTPSource.Fetch `
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"./testdata/wholetodo/..."}, todo + `(hoist)`},
		{[]string{"-whole-program", "./testdata/wholetodo/..."}, todo + `is on the stuck path of "fetcher" (liveness) to (*net/http.Client).Do: highest priority`},
	} {
		stdout.Reset()
		stderr.Reset()
		if code := standalone(tc.args, &stdout, &stderr); code != 3 || strings.Count(stdout.String(), tc.want) != 1 {
			t.Errorf("ctxlint %v: exit code %d, want 3; output:\n%s\nwant once a line containing:\n%s", tc.args, code, stdout.String(), tc.want)
		}
	}

	stdout.Reset()
	stderr.Reset()
	if code := standalone([]string{"-whole-program", "-todoctx.baseline=/nonexistent", "./testdata/todo/..."}, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "/nonexistent") {
		t.Errorf("-whole-program -todoctx.baseline=/nonexistent: exit code %d, want 1; stderr: %s", code, stderr.String())
	}
}

// TestNoPackages: a pattern that matches nothing is an error in every
// mode, as it is in the plain one.
func TestNoPackages(t *testing.T) {
	const none = "./testdata/nopkgs/..."
	if _, err := loadPackages([]string{none}); err == nil || !strings.Contains(err.Error(), none+" matched no packages") {
		t.Errorf("loadPackages(%s): %v, want \"matched no packages\"", none, err)
	}
	if _, err := loadPackages([]string{"./testdata/does-not-exist"}); err == nil {
		t.Error("loadPackages(./testdata/does-not-exist): no error")
	}
	sarif := filepath.Join(t.TempDir(), "out.sarif")
	for _, args := range [][]string{
		{"-whole-program", none},
		{"-sarif", sarif, none},
		{"-format=sarif", none},
	} {
		var stdout, stderr bytes.Buffer
		if code := standalone(args, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "matched no packages") {
			t.Errorf("ctxlint %v: exit code %d, want 1; stderr: %q", args, code, stderr.String())
		}
	}
	if _, err := os.Stat(sarif); err == nil {
		t.Error("-sarif wrote a file although no package matched")
	}
}

// TestSARIFFlag refuses a -sarif value that is empty or looks like the
// packages, before loading anything.
func TestSARIFFlag(t *testing.T) {
	t.Run("refused", func(t *testing.T) {
		// In an empty directory: a regression writes no stray file here.
		t.Chdir(t.TempDir())
		if err := os.Mkdir("out", 0o755); err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			args []string
			want string
		}{
			{[]string{"-sarif", "./...", "./..."}, "-sarif ./...: want a file name, not packages"},
			{[]string{"-sarif", "./..."}, "-sarif ./...: want a file name, not packages"},
			{[]string{"-sarif", "../...", "./..."}, "want a file name, not packages"},
			{[]string{"-sarif=...", "./..."}, "want a file name, not packages"},
			{[]string{"-sarif", "out", "./..."}, "-sarif out: is a directory"},
			{[]string{"-sarif=", "./..."}, "-sarif: want a file name"},
			{[]string{"-sarif", "", "./..."}, "-sarif: want a file name"},
		} {
			var stdout, stderr bytes.Buffer
			if code := standalone(tc.args, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), tc.want) {
				t.Errorf("ctxlint %q: exit code %d, want 2 and %q; stderr: %q", tc.args, code, tc.want, stderr.String())
			}
			if stdout.Len() > 0 {
				t.Errorf("ctxlint %q: output %q", tc.args, stdout.String())
			}
		}
		if entries, _ := os.ReadDir("."); len(entries) != 1 {
			t.Errorf("%d entries in the directory, want only out/", len(entries))
		}
	})
	// File names, with dots too, are fine (TestSARIF writes one).
	for _, path := range []string{"ctxlint.sarif", "ctxlint..sarif", "../out/ctxlint.sarif", ".sarif"} {
		if err := checkSARIFFile(path, true); err != nil {
			t.Errorf("-sarif %s: %v", path, err)
		}
	}
	if err := checkSARIFFile("", false); err != nil {
		t.Errorf("no -sarif: %v", err)
	}
}

// TestCPUProfile: -cpuprofile writes a profile (gzipped protocol buffers, as
// pprof reads them), in the modes of
// ctxlint's own driver, and an unwritable path fails before any work.
func TestCPUProfile(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		run  func(args []string, stdout, stderr io.Writer) int
		args []string
		code int
	}{
		{"whole-program", standalone, []string{"-whole-program"}, 3},
		{"fix", fixCommand, []string{"-fix", "-diff"}, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			prof := filepath.Join(dir, tc.name+".prof")
			var stdout, stderr bytes.Buffer
			args := append(tc.args, "-cpuprofile", prof, "./testdata/todo/...")
			if code := tc.run(args, &stdout, &stderr); code != tc.code {
				t.Fatalf("exit code %d, want %d; stderr: %s", code, tc.code, stderr.String())
			}
			f, err := os.Open(prof)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			zr, err := gzip.NewReader(f)
			if err != nil {
				t.Fatalf("%s: %v", prof, err)
			}
			if n, err := io.Copy(io.Discard, zr); err != nil || n == 0 {
				t.Errorf("%s: %d bytes of profile, %v", prof, n, err)
			}

			stderr.Reset()
			bad := filepath.Join(dir, "missing", "cpu.prof")
			args = append(tc.args, "-cpuprofile", bad, "./testdata/todo/...")
			if code := tc.run(args, &stdout, &stderr); code != 1 || !strings.Contains(stderr.String(), "-cpuprofile: open "+bad) {
				t.Errorf("-cpuprofile %s: exit code %d, want 1; stderr: %s", bad, code, stderr.String())
			}
		})
	}
}
