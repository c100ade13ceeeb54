package main

import (
	"bytes"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestWholeProgramPrecise: the whole-program run resolves dynamic calls
// through the program's call graph. It adds the paths a package cannot see
// (an implementation in a package the loop's does not import; a function
// registered in a map by another package's init) and drops those through
// what the program never builds (fwd.Sync, whose constructor nobody calls)
// or never stores (prov.Lookup, of the catalog's signature).
func TestWholeProgramPrecise(t *testing.T) {
	perPackage := reports(t, wholeprog)
	want := []string{
		`agent.go:16:3: "forwarder" (liveness): net/http.Post without the health deadline (it takes no context): ~Forward (agent.go:16) → Sync.Send (fwd.go:25)`,
	}
	if !slices.Equal(perPackage, want) {
		t.Errorf("per-package reports:\n%s\nwant:\n%s", strings.Join(perPackage, "\n"), strings.Join(want, "\n"))
	}

	whole := reports(t, "-whole-program", wholeprog)
	want = []string{
		`agent.go:23:3: "hostnames" (liveness): net.LookupAddr without the health deadline (it takes no context): ~Hostnames (agent.go:23) → Hostname (prov.go:10)`,
		`loop.go:14:3: "fetcher" (liveness): net/http.Get without the health deadline (it takes no context): ~Run (loop.go:14) → HTTPSource.Fetch (impl.go:9)`,
	}
	if !slices.Equal(whole, want) {
		t.Errorf("whole-program reports:\n%s\nwant:\n%s", strings.Join(whole, "\n"), strings.Join(want, "\n"))
	}
}

// reports runs the standalone driver and returns its report lines with
// file names instead of paths.
func reports(t *testing.T, args ...string) []string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := standalone(args, &stdout, &stderr); code != 0 && code != 3 {
		t.Fatalf("ctxlint %s: exit code %d: %s", strings.Join(args, " "), code, stderr.String())
	}
	var out []string
	for line := range strings.Lines(stdout.String()) {
		line = strings.TrimSpace(line)
		if line == "" || strings.Contains(line, ": \t") {
			continue // related positions
		}
		path, rest, _ := strings.Cut(line, ":")
		out = append(out, filepath.Base(path)+":"+rest)
	}
	slices.Sort(out)
	return out
}
