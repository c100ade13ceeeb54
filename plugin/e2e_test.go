package plugin

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGolangciLint builds golangci-lint with the plugins (from the Go
// module proxy, pinned in build-custom-gcl.sh) and runs it on the example
// agent and on a fixture with //nolint:ctxprop. The binary is cached by a
// hash of the sources it includes, so only the first run builds (minutes).
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
		`examples/agent/providers/provider.go:60:19: "ad-config-provider-%s" (liveness): (*net/http.Client).Do`,
		`examples/agent/hostmeta/collector.go:53:3: component of h (health): (*net/http.Client).Do`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("golangci-lint did not report %q:\n%s", want, out)
		}
	}
	// golangci-lint prints each hop in the package as an issue of its own,
	// "ctxprop(related information)": count the findings.
	findings := 0
	for line := range strings.SplitSeq(out, "\n") {
		if strings.HasSuffix(line, "(ctxprop)") && !strings.Contains(line, "related information") {
			findings++
		}
	}
	if findings != 3 {
		t.Errorf("%d ctxprop findings on the example agent, want 3:\n%s", findings, out)
	}

	dir := t.TempDir()
	mod, _ := os.ReadFile("testdata/gclmod/go.mod.txt")
	os.WriteFile(filepath.Join(dir, "go.mod"), bytes.ReplaceAll(mod, []byte("REPO"), []byte(repo)), 0o644)
	sum, _ := os.ReadFile(filepath.Join(repo, "go.sum"))
	os.WriteFile(filepath.Join(dir, "go.sum"), sum, 0o644)
	os.MkdirAll(filepath.Join(dir, "p"), 0o755)
	src, _ := os.ReadFile("testdata/gclmod/p/p.go")
	os.WriteFile(filepath.Join(dir, "p", "p.go"), src, 0o644)
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
// of the same sources is cached.
func customGCL(t *testing.T, repo string) string {
	t.Helper()
	h := sha256.New()
	script, _ := os.ReadFile("testdata/build-custom-gcl.sh")
	h.Write(script)
	for _, root := range []string{"go.mod", "go.sum", "analyzers", "internal", "plugin", "runtime"} {
		filepath.WalkDir(filepath.Join(repo, root), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return nil
			}
			source := strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") && !strings.Contains(path, "testdata")
			if source || path == filepath.Join(repo, "go.mod") || path == filepath.Join(repo, "go.sum") {
				b, _ := os.ReadFile(path)
				h.Write([]byte(path))
				h.Write(b)
			}
			return nil
		})
	}
	cacheDir, err := os.UserCacheDir()
	if err != nil {
		cacheDir = os.TempDir()
	}
	bin := filepath.Join(cacheDir, "ctxlint-gcl", hex.EncodeToString(h.Sum(nil))[:16], "custom-gcl")
	if _, err := os.Stat(bin); err == nil {
		return bin
	}
	os.MkdirAll(filepath.Dir(bin), 0o755)
	tmp := bin + ".tmp"
	cmd := exec.Command("bash", "testdata/build-custom-gcl.sh", tmp)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building golangci-lint: %v\n%s", err, out)
	}
	if err := os.Rename(tmp, bin); err != nil {
		t.Fatal(err)
	}
	return bin
}
