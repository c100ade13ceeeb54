package main

import (
	"bytes"
	"encoding/json"
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
	perPackage := reports(t, wholeprogFixture)
	want := []string{
		`agent.go:16:3: "forwarder" (liveness): net/http.Post without the health deadline (it takes no context): ~Forward (agent.go:16) → Sync.Send (fwd.go:25); run ctxlint -fix to thread the deadline down`,
	}
	if !slices.Equal(perPackage, want) {
		t.Errorf("per-package reports:\n%s\nwant:\n%s", strings.Join(perPackage, "\n"), strings.Join(want, "\n"))
	}

	whole := reports(t, "-whole-program", wholeprogFixture)
	want = []string{
		`agent.go:23:3: "hostnames" (liveness): net.LookupAddr without the health deadline (it takes no context): ~Hostnames (agent.go:23) → Hostname (prov.go:10); run ctxlint -fix to thread the deadline down`,
		`loop.go:14:3: "fetcher" (liveness): net/http.Get without the health deadline (it takes no context): ~Run (loop.go:14) → HTTPSource.Fetch (impl.go:9); run ctxlint -fix to thread the deadline down`,
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

// TestWholeProgramJSON: -whole-program -json prints x/tools' JSON tree
// (package → analyzer → diagnostics), the plain mode's schema, with the
// whole-program findings, and exits 0 as the plain mode's -json does.
func TestWholeProgramJSON(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := standalone([]string{"-whole-program", "-json", wholeprogFixture}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit code %d, want 0; stderr: %s", code, stderr.String())
	}
	var tree map[string]map[string][]struct {
		Posn, End, Message string
	}
	if err := json.Unmarshal(stdout.Bytes(), &tree); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, stdout.String())
	}
	var got []string
	for pkg, byAnalyzer := range tree {
		if !strings.HasPrefix(pkg, "github.com/ctxlint/ctxlint/cmd/ctxlint/testdata/wholeprog/") {
			t.Errorf("package key %q: want the package's ID", pkg)
		}
		for _, d := range byAnalyzer["ctxprop"] {
			if d.End == "" {
				t.Errorf("%s: no end", d.Posn)
			}
			got = append(got, filepath.Base(d.Posn)+": "+d.Message)
		}
	}
	slices.Sort(got)
	if text := reports(t, "-whole-program", wholeprogFixture); !slices.Equal(got, text) {
		t.Errorf("JSON findings:\n%s\nwant the text mode's:\n%s", strings.Join(got, "\n"), strings.Join(text, "\n"))
	}
	if code := standalone([]string{"-whole-program", "-json", "-format=sarif", wholeprogFixture}, &stdout, &stderr); code != 2 {
		t.Errorf("-json with -format=sarif: exit code %d, want 2", code)
	}
}

// TestNamesFromCallers: a loop whose handle is a parameter, registered by
// a caller in another package, is "component of h" package by package;
// ctxlint's own driver sees the caller and names it.
func TestNamesFromCallers(t *testing.T) {
	want := []string{
		`watcher.go:16:3: "config-watcher" (liveness): net/http.Get without the health deadline (it takes no context): Watcher.Run (watcher.go:16)`,
		`worker.go:13:3: "collector-worker-<i>" (liveness): net/http.Get without the health deadline (it takes no context): Run (worker.go:13)`,
	}
	for _, mode := range []string{"-whole-program", "-format=text"} {
		if got := reports(t, mode, "./testdata/names/..."); !slices.Equal(got, want) {
			t.Errorf("ctxlint %s:\n%s\nwant:\n%s", mode, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// TestFieldObjects: two packages each build a cache over their own remote
// loader, and each loop reads its own cache. The call graph's node for the
// field Cache.load holds both loaders; both runs resolve the field call by
// the object the loop's package built, so each loop is reported once,
// through its own loader, and never through the other package's.
func TestFieldObjects(t *testing.T) {
	const fixture = "./testdata/fieldobjects/..."
	want := []string{
		`a.go:24:3: "a" (liveness): net/http.Get without the health deadline (it takes no context): Run (a.go:24) → ~Cache.Get (cache.go:8) → c.func1 (a.go:14); run ctxlint -fix to thread the deadline down`,
		`b.go:24:3: "b" (liveness): net/http.Get without the health deadline (it takes no context): Run (b.go:24) → ~Cache.Get (cache.go:8) → c.func1 (b.go:14); run ctxlint -fix to thread the deadline down`,
	}
	perPackage := reports(t, fixture)
	if !slices.Equal(perPackage, want) {
		t.Errorf("per-package reports:\n%s\nwant:\n%s", strings.Join(perPackage, "\n"), strings.Join(want, "\n"))
	}
	if whole := reports(t, "-whole-program", fixture); !slices.Equal(whole, want) {
		t.Errorf("whole-program reports:\n%s\nwant:\n%s", strings.Join(whole, "\n"), strings.Join(want, "\n"))
	}
}

// TestTestFakes: a loop of the program reads through an interface whose
// only implementation that calls over HTTP is a test's fake, swapped in by
// the test's init: the program never runs it, and neither mode reports a
// path through it. A loop of the tests' own may run it, and is reported.
func TestTestFakes(t *testing.T) {
	want := []string{
		`store_test.go:36:3: "store-test" (liveness): net/http.Get without the health deadline (it takes no context): ~pollFake (store_test.go:36) → fakeConn.Read (store_test.go:15); run ctxlint -fix to thread the deadline down`,
	}
	for _, args := range [][]string{{"./testdata/testfakes/..."}, {"-whole-program", "./testdata/testfakes/..."}} {
		if got := reports(t, args...); !slices.Equal(got, want) {
			t.Errorf("ctxlint %s:\n%s\nwant:\n%s", strings.Join(args, " "), strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// TestPolicies: three clients embed a retry policy and set it up with
// their own connect method (a bound method value in the policy's config,
// kept by a setter): two in the function that tries it, one in its
// constructor, tried later by the loop. Each loop's policy runs that
// client's connect: both modes find each loop's own path and no other. The call
// graph merges the config's field across instances; the caller that sees
// its client built and set up replaces that merge with what it stored
// (issue 30, class 1).
func TestPolicies(t *testing.T) {
	want := []string{
		`main.go:16:3: "docker" (liveness): net.Dial without the health deadline (it takes no context): dockerLoop (main.go:16) → New (docker.go:26) → Policy.Try (retry.go:20) → ~Policy.attempt (retry.go:24) → Daemon.connect (docker.go:16); run ctxlint -fix to thread the deadline down`,
		`main.go:23:3: "kubelet" (liveness): net/http.Get without the health deadline (it takes no context): kubeletLoop (main.go:23) → New (kubelet.go:26) → Policy.Try (retry.go:20) → ~Policy.attempt (retry.go:24) → Client.connect (kubelet.go:16); run ctxlint -fix to thread the deadline down`,
		`main.go:31:3: "registry" (liveness): net/http.Head without the health deadline (it takes no context): registryLoop (main.go:31) → Policy.Try (retry.go:20) → ~Policy.attempt (retry.go:24) → Client.connect (registry.go:17); run ctxlint -fix to thread the deadline down`,
	}
	for _, mode := range [][]string{{"-whole-program"}, nil} {
		got := reports(t, append(mode, "./testdata/policies/...")...)
		if !slices.Equal(got, want) {
			t.Errorf("%v: got\n%s\nwant\n%s", mode, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}
