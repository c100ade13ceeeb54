package plugin

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestGolangciLint builds golangci-lint with the plugins (from the Go
// module proxy, pinned in build-custom-gcl.sh) and runs it on the example
// agent and on a fixture with //nolint:ctxprop and a call that reaches two
// sinks: with the configuration the README documents, golangci-lint shows
// as many ctxprop findings as ctxlint, and no related positions as issues
// of their own. The binary is cached by a hash of the sources it includes,
// so only the first run builds (minutes).
func TestGolangciLint(t *testing.T) {
	if testing.Short() {
		t.Skip("builds golangci-lint")
	}
	repo, _ := filepath.Abs("..")
	bin := customGCL(t, repo)
	cache := t.TempDir() // golangci-lint caches by package, not by binary

	out, code := runGCL(t, bin, repo, cache, "run", "--config", "plugin/testdata/golangci.yml", "./examples/agent/...")
	if code != 1 {
		t.Fatalf("on the example agent: exit %d, want 1 (findings)\n%s", code, out)
	}
	for _, want := range []string{
		`examples/agent/listeners/kubelet.go:56:4: "ad-kubeletlistener" (readiness): (*net/http.Client).Do without the health deadline`,
		`examples/agent/providers/provider.go:60:19: "ad-config-provider-<p.String()>" (liveness): (*net/http.Client).Do`,
		`examples/agent/hostmeta/collector.go:53:3: component of h (health): (*net/http.Client).Do`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("golangci-lint did not report %q:\n%s", want, out)
		}
	}
	if findings := gclFindings(out, "ctxprop"); findings != 3 {
		t.Errorf("%d ctxprop findings on the example agent, want 3:\n%s", findings, out)
	}
	// The plugin's default related: false leaves the hops out: they are in
	// the message.
	if strings.Contains(out, "related information") {
		t.Errorf("related positions printed as issues:\n%s", out)
	}

	dir := t.TempDir()
	mod, err := os.ReadFile("testdata/gclmod/go.mod.txt")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), bytes.ReplaceAll(mod, []byte("REPO"), []byte(repo)), 0o644); err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(repo, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "p"), 0o755); err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob("testdata/gclmod/p/*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no fixture files in testdata/gclmod/p: %v", err)
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "p", filepath.Base(f)), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out, code = runGCL(t, bin, dir, cache, "run", "--config", filepath.Join(repo, "plugin/testdata/golangci.yml"), "./...")
	if code != 1 {
		t.Fatalf("on the fixture: exit %d\n%s", code, out)
	}
	if !strings.Contains(out, `p/p.go:15:3: "poller" (liveness): net/http.Get without the health deadline`) {
		t.Errorf("the unsuppressed stuck call is not reported:\n%s", out)
	}
	if strings.Contains(out, "net/http.Head") {
		t.Errorf("//nolint:ctxprop did not suppress:\n%s", out)
	}
	if !strings.Contains(out, "context.TODO() in Ping (in-scope): a context is in scope: use ctx (todoctx)") {
		t.Errorf("todoctx's finding is missing:\n%s", out)
	}
	for _, sink := range []string{"net/http.Get", "net/http.Post"} {
		if want := `p/twosinks.go:14:3: "syncer" (readiness): ` + sink + " without the health deadline"; !strings.Contains(out, want) {
			t.Errorf("golangci-lint did not report %q:\n%s", want, out)
		}
	}
	// As many as ctxlint finds on the same fixture.
	if got, want := gclFindings(out, "ctxprop"), ctxlintFindings(t, repo, dir, "ctxprop"); got != want || want != 3 {
		t.Errorf("golangci-lint shows %d ctxprop findings, ctxlint %d (want 3):\n%s", got, want, out)
	}
	if strings.Contains(out, "related information") {
		t.Errorf("related positions printed as issues:\n%s", out)
	}
}

// gclFindings counts the issues of linter in golangci-lint's text output,
// "file:line:col: message (linter)", leaving related positions out
// ("linter(related information): ...").
func gclFindings(out, linter string) int {
	n := 0
	for line := range strings.SplitSeq(out, "\n") {
		if strings.HasSuffix(line, "("+linter+")") && !strings.Contains(line, "related information") {
			n++
		}
	}
	return n
}

// ctxlintFindings builds ctxlint from repo, runs "ctxlint -json ./..." in
// dir and counts the analyzer's findings.
func ctxlintFindings(t *testing.T, repo, dir, analyzer string) int {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "ctxlint")
	build := exec.Command("go", "build", "-o", bin, "./cmd/ctxlint")
	build.Dir = repo
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/ctxlint: %v\n%s", err, out)
	}
	cmd := exec.Command(bin, "-json", "./...")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("ctxlint -json ./...: %v\n%s", err, out)
	}
	var byPkg map[string]map[string][]json.RawMessage
	if err := json.Unmarshal(out, &byPkg); err != nil {
		t.Fatalf("ctxlint -json: %v\n%s", err, out)
	}
	n := 0
	for _, pkg := range byPkg {
		n += len(pkg[analyzer])
	}
	return n
}

func runGCL(t *testing.T, bin, dir, cache string, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOLANGCI_LINT_CACHE="+cache)
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); ok {
		return string(out), ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return string(out), 0
}

// customGCL returns the custom golangci-lint, building it unless a build
// of the same sources is cached, and prunes the builds of other sources
// that have not been used for gclCacheAge.
func customGCL(t *testing.T, repo string) string {
	t.Helper()
	cacheDir, err := os.UserCacheDir()
	if err != nil {
		cacheDir = os.TempDir()
	}
	cacheDir = filepath.Join(cacheDir, "ctxlint-gcl")
	key := gclKey(repo)
	bin := filepath.Join(cacheDir, key, "custom-gcl")
	defer pruneGCLCache(cacheDir, key, time.Now())
	if _, err := os.Stat(bin); err == nil {
		return bin
	}
	if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
		t.Fatal(err)
	}
	// Another run building the same key at once writes its own file: the
	// rename of either leaves a whole binary.
	tmp := fmt.Sprintf("%s.%d.tmp", bin, os.Getpid())
	defer os.Remove(tmp)
	cmd := exec.Command("bash", "testdata/build-custom-gcl.sh", tmp)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building golangci-lint: %v\n%s", err, out)
	}
	if err := os.Rename(tmp, bin); err != nil {
		t.Fatal(err)
	}
	return bin
}

// gclKey is the cache key of the custom golangci-lint built from repo: a
// hash of what goes into it, by content and path inside the repository
// (not where the checkout is), the golangci-lint version and Go's.
func gclKey(repo string) string {
	h := sha256.New()
	script, _ := os.ReadFile(filepath.Join(repo, "plugin", "testdata", "build-custom-gcl.sh"))
	fmt.Fprintf(h, "%s\x00GCL_VERSION=%s\x00%s\x00", script, os.Getenv("GCL_VERSION"), runtime.Version())
	for _, root := range []string{"go.mod", "go.sum", "analyzers", "internal", "plugin", "runtime"} {
		filepath.WalkDir(filepath.Join(repo, root), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return nil
			}
			rel, _ := filepath.Rel(repo, path)
			rel = filepath.ToSlash(rel)
			source := strings.HasSuffix(rel, ".go") && !strings.HasSuffix(rel, "_test.go") && !strings.Contains(rel, "testdata")
			if source || rel == "go.mod" || rel == "go.sum" {
				b, _ := os.ReadFile(path)
				fmt.Fprintf(h, "%s\x00%d\x00", rel, len(b))
				h.Write(b)
			}
			return nil
		})
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// gclCacheAge is how long a cached build of other sources is kept after
// its last use: longer than a build takes, so that a build in progress in
// another checkout is not removed under it.
const gclCacheAge = time.Hour

// pruneGCLCache marks the build keep in dir as used now and removes the
// other builds not used for gclCacheAge (each is about 50 MB).
func pruneGCLCache(dir, keep string, now time.Time) {
	os.Chtimes(filepath.Join(dir, keep), now, now)
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if e.Name() == keep {
			continue
		}
		if fi, err := e.Info(); err == nil && now.Sub(fi.ModTime()) > gclCacheAge {
			os.RemoveAll(filepath.Join(dir, e.Name()))
		}
	}
}
