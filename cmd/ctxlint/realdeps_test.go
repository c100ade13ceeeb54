package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// The real-dependency corpus: bench/realdeps, a module of its own whose
// monitored loops call the AWS SDK v1, client-go, the Docker client, Consul,
// etcd v2 and gRPC, and log with logrus, zap and seelog (see its README.md).
// TestRealDeps runs the ctxlint binary on it in both modes and compares the
// reports with the pins:
//
//	bench/realdeps/expected.txt        ctxlint ./...
//	bench/realdeps/expected-whole.txt  ctxlint -whole-program ./...
//
// one line per report, component<TAB>file:line<TAB>sink, where the sink is
// the message before " without the health deadline" and file is relative to
// bench/realdeps; lines starting with # are comments. Each file is the whole
// set for its mode. The pins record what the tool prints, not what it
// should: bench/realdeps/GAPS.md lists the differences. After a change to
// the analyzer, rewrite them with
//
//	go test -run RealDeps ./cmd/ctxlint -update
//
// and update GAPS.md.
//
// Loggers and assertion libraries must never be on a report's path: a
// report whose message names logrus, zap, seelog or testify fails the test,
// pinned or not (-update does not make it pass).
//
// The test is skipped under -short. When the corpus's modules cannot be
// downloaded for lack of network it fails in CI (CI=true, or CTXLINT_CI=1
// as .ci/run sets) and whenever a module proxy of GOPROXY answers (then
// the network is there and the failure is real); it skips only outside CI
// with no proxy reachable (offline, GOPROXY=off or direct only).

var realdepsModes = []struct {
	name string
	args []string
	pin  string
}{
	{"plain", []string{"./..."}, "expected.txt"},
	{"whole-program", []string{"-whole-program", "./..."}, "expected-whole.txt"},
}

// realdepsLoggers are the modules no report may pass through.
var realdepsLoggers = []string{
	"github.com/sirupsen/logrus",
	"go.uber.org/zap",
	"github.com/cihub/seelog",
	"github.com/stretchr/testify",
}

func TestRealDeps(t *testing.T) {
	if testing.Short() {
		t.Skip("realdeps: skipped under -short: the corpus downloads its third-party modules (AWS SDK, client-go, Docker, Consul, etcd, gRPC: 85 MB of zips, 600 MB unpacked) and ctxlint takes minutes on it")
	}
	dir, err := filepath.Abs(filepath.Join("..", "..", "bench", "realdeps"))
	if err != nil {
		t.Fatal(err)
	}
	realdepsDownload(t, dir)
	bin := buildCtxlint(t)

	for _, mode := range realdepsModes {
		t.Run(mode.name, func(t *testing.T) {
			start := time.Now()
			cmd := exec.Command(bin, mode.args...)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "GOWORK=off")
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			wall := time.Since(start)
			code := 0
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			// Plain runs print the findings on stderr (multichecker),
			// -whole-program on stdout: read both.
			got := parseRealdepsReports(dir, stdout.String()+stderr.String())
			if (code != 0 && code != 3) || (code == 0 && len(got) > 0) || (code == 3 && len(got) == 0) {
				out := stderr.String()
				if realdepsNetworkError(out) {
					realdepsOffline(t, fmt.Sprintf("ctxlint %s: exit %d: %s", strings.Join(mode.args, " "), code, realdepsTail(out, 20)))
				}
				t.Fatalf("ctxlint %s: exit status %d with %d reports\nstdout:\n%s\nstderr:\n%s", strings.Join(mode.args, " "), code, len(got), realdepsTail(stdout.String(), 40), realdepsTail(out, 40))
			}

			pinPath := filepath.Join(dir, mode.pin)
			keys := make([]string, 0, len(got))
			for _, r := range got {
				keys = append(keys, r.key())
			}
			slices.Sort(keys)
			if *update {
				writeRealdepsPin(t, pinPath, mode.name, mode.args, keys)
			}
			want := readRealdepsPin(t, pinPath)

			missing, unexpected := realdepsDiff(want, keys)
			for _, k := range missing {
				t.Errorf("pinned in %s but not reported: %s", mode.pin, k)
			}
			for _, k := range unexpected {
				t.Errorf("reported but not pinned in %s: %s", mode.pin, k)
			}
			if len(missing)+len(unexpected) > 0 {
				t.Errorf("%s: %d pinned reports missing, %d unpinned reports: if the change is intended, run go test -run RealDeps ./cmd/ctxlint -update and update bench/realdeps/GAPS.md", mode.name, len(missing), len(unexpected))
			}

			// No report may pass through a logger or an assertion library.
			loggers := 0
			for _, r := range got {
				if lib := r.logger(); lib != "" {
					loggers++
					t.Errorf("a report passes through %s, which does no remote call: %s:%s: %s", lib, r.file, r.line, r.raw)
				}
			}

			t.Logf("%s: %d reports (%d pinned, %d missing, %d unpinned), %d through a logger or testify; exit status %d; wall time %.1fs",
				mode.name, len(got), len(want), len(missing), len(unexpected), loggers, code, wall.Seconds())
		})
	}
}

// realdepsReport is one ctxprop report of the corpus.
type realdepsReport struct {
	component, file, line, sink string
	raw                         string // the message
}

func (r realdepsReport) key() string {
	return r.component + "\t" + r.file + ":" + r.line + "\t" + r.sink
}

// logger returns the logger or assertion library the report names, if any.
func (r realdepsReport) logger() string {
	for _, m := range realdepsLoggers {
		if strings.Contains(r.raw, m) {
			return m
		}
	}
	return ""
}

var realdepsPos = regexp.MustCompile(`^(.+?\.go):(\d+):(\d+): (.*)$`)

// parseRealdepsReports reads the ctxprop reports out of ctxlint's text
// output: "file:line:col: COMPONENT: SINK without the health deadline
// (...): chain". Related-position lines ("\tvia ...") and todoctx's reports
// are left out.
func parseRealdepsReports(dir, out string) []realdepsReport {
	prefixes := []string{dir + string(filepath.Separator)}
	if real, err := filepath.EvalSymlinks(dir); err == nil && real != dir {
		prefixes = append(prefixes, real+string(filepath.Separator))
	}
	var reports []realdepsReport
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		m := realdepsPos.FindStringSubmatch(sc.Text())
		if m == nil || strings.HasPrefix(m[4], "\t") {
			continue
		}
		msg := m[4]
		head, _, ok := strings.Cut(msg, " without the health deadline")
		if !ok {
			continue
		}
		// The component ends with its kind in parentheses: `"name"
		// (liveness)`, `component of h (health)`.
		i := strings.Index(head, "): ")
		if i < 0 {
			continue
		}
		file := m[1]
		for _, p := range prefixes {
			if rel, ok := strings.CutPrefix(file, p); ok {
				file = filepath.ToSlash(rel)
				break
			}
		}
		reports = append(reports, realdepsReport{component: head[:i+1], file: file, line: m[2], sink: head[i+3:], raw: msg})
	}
	return reports
}

func readRealdepsPin(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run RealDeps ./cmd/ctxlint -update to create it)", err)
	}
	var keys []string
	for n, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if strings.Count(line, "\t") != 2 {
			t.Fatalf("%s:%d: want component<TAB>file:line<TAB>sink, got %q", path, n+1, line)
		}
		keys = append(keys, line)
	}
	slices.Sort(keys)
	return keys
}

func writeRealdepsPin(t *testing.T, path, mode string, args, keys []string) {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "# ctxlint %s in bench/realdeps (%s mode): one line per report,\n", strings.Join(args, " "), mode)
	b.WriteString("# component<TAB>file:line<TAB>sink (the message before \" without the health deadline\").\n")
	b.WriteString("# What the tool prints, not what it should: GAPS.md lists the differences.\n")
	b.WriteString("# Rewrite with: go test -run RealDeps ./cmd/ctxlint -update\n")
	for _, k := range keys {
		b.WriteString(k + "\n")
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// realdepsDiff returns the elements of want missing from got and those of
// got not in want, both sorted, counting duplicates.
func realdepsDiff(want, got []string) (missing, unexpected []string) {
	n := map[string]int{}
	for _, k := range got {
		n[k]++
	}
	for _, k := range want {
		if n[k] > 0 {
			n[k]--
		} else {
			missing = append(missing, k)
		}
	}
	for _, k := range got {
		if n[k] > 0 {
			n[k]--
			unexpected = append(unexpected, k)
		}
	}
	return missing, unexpected
}

// realdepsDownload fetches the corpus's modules (a no-op once they are in
// the module cache). A failure for lack of network skips the test only
// where realdepsOffline allows it.
func realdepsDownload(t *testing.T, dir string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	start := time.Now()
	cmd := exec.CommandContext(ctx, "go", "mod", "download")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	out, err := cmd.CombinedOutput()
	if err != nil {
		if ctx.Err() != nil || realdepsNetworkError(string(out)) {
			realdepsOffline(t, fmt.Sprintf("go mod download in bench/realdeps: %v\n%s", err, realdepsTail(string(out), 20)))
		}
		t.Fatalf("go mod download in bench/realdeps: %v\n%s", err, realdepsTail(string(out), 40))
	}
	t.Logf("go mod download in bench/realdeps: %.1fs", time.Since(start).Seconds())
}

// realdepsOffline skips the test for lack of network, or fails it where a
// skip could pass having checked nothing: in CI, or with a module proxy
// that answers.
func realdepsOffline(t *testing.T, why string) {
	t.Helper()
	if reason := realdepsMustRun(); reason != "" {
		t.Fatalf("realdeps: the corpus's modules cannot be downloaded, and %s: %s", reason, why)
	}
	t.Skipf("realdeps: skipped: the corpus's modules cannot be downloaded and no module proxy of GOPROXY answers (offline?): %s", why)
}

// realdepsMustRun says why a download failure may not skip the test, or
// returns "" if it may: in CI (CI=true, CTXLINT_CI=1), or when a proxy
// of GOPROXY answers.
func realdepsMustRun() string {
	if os.Getenv("CTXLINT_CI") == "1" {
		return "CTXLINT_CI=1"
	}
	if os.Getenv("CI") == "true" {
		return "CI=true"
	}
	if proxy := realdepsProxyAnswering(); proxy != "" {
		return "the module proxy " + proxy + " answers"
	}
	return ""
}

// realdepsProxyAnswering returns the first http(s) proxy of GOPROXY (as
// go env reports it) that answers an HTTP request within a few seconds,
// with any status, or "" if none does. The list stops at "off"; "direct"
// and file:// entries are not probed (no proxy host to ask).
func realdepsProxyAnswering() string {
	out, err := exec.Command("go", "env", "GOPROXY").Output()
	if err != nil {
		return ""
	}
	client := &http.Client{
		Timeout:       5 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	for _, entry := range strings.FieldsFunc(strings.TrimSpace(string(out)), func(r rune) bool { return r == ',' || r == '|' }) {
		if entry == "off" {
			break
		}
		if !strings.HasPrefix(entry, "https://") && !strings.HasPrefix(entry, "http://") {
			continue
		}
		resp, err := client.Head(entry)
		if err != nil {
			continue
		}
		resp.Body.Close()
		return entry
	}
	return ""
}

// TestRealDepsMustRun: a download failure skips RealDeps only outside CI
// with no proxy of GOPROXY answering; a proxy that answers with any status
// counts, one that refuses the connection does not, nor anything after off.
func TestRealDepsMustRun(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	defer srv.Close()
	closed := httptest.NewServer(http.NotFoundHandler())
	refused := closed.URL
	closed.Close()
	answers := "the module proxy " + srv.URL + " answers"
	for _, c := range []struct{ ci, ctxlintCI, goproxy, want string }{
		{"", "", "off", ""},
		{"", "", "direct", ""},
		{"", "", refused + ",direct", ""},
		{"", "", "off," + srv.URL, ""},
		{"", "", srv.URL + ",direct", answers},
		{"", "", refused + "|" + srv.URL, answers},
		{"true", "", "off", "CI=true"},
		{"", "1", "off", "CTXLINT_CI=1"},
		{"", "1", srv.URL, "CTXLINT_CI=1"},
	} {
		t.Setenv("CI", c.ci)
		t.Setenv("CTXLINT_CI", c.ctxlintCI)
		t.Setenv("GOPROXY", c.goproxy)
		if got := realdepsMustRun(); got != c.want {
			t.Errorf("CI=%q CTXLINT_CI=%q GOPROXY=%q: %q, want %q", c.ci, c.ctxlintCI, c.goproxy, got, c.want)
		}
	}
}

// realdepsNetworkError reports whether the go command's output says that a
// module could not be fetched for lack of network.
func realdepsNetworkError(out string) bool {
	for _, s := range []string{
		"dial tcp", "dial udp", "no such host", "connection refused", "network is unreachable",
		"i/o timeout", "TLS handshake timeout", "server misbehaving", "connection reset by peer",
		"Temporary failure in name resolution", "proxyconnect", "module lookup disabled by GOPROXY=off",
	} {
		if strings.Contains(out, s) {
			return true
		}
	}
	return false
}

// realdepsTail returns the last n lines of s.
func realdepsTail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// TestRealDepsFix migrates a copy of the real-dependency corpus with the
// built binary: every whole-program report is rewritten (consul's
// QueryOptions.WithContext, AWS's SetContext and WithContext forms, a
// Docker call under its own timeout, a ticker beside the health tick in
// one select, os.Hostname in a map of funcs), nothing is refused, the copy
// builds and vets, ctxlint -whole-program then reports nothing, and a
// second -fix has nothing to do.
func TestRealDepsFix(t *testing.T) {
	if testing.Short() {
		t.Skip("realdeps: skipped under -short (downloads the corpus's modules; minutes)")
	}
	src, err := filepath.Abs(filepath.Join("..", "..", "bench", "realdeps"))
	if err != nil {
		t.Fatal(err)
	}
	realdepsDownload(t, src)
	bin := buildCtxlint(t)
	repo, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	mod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	mod = []byte(strings.ReplaceAll(string(mod), "=> ../..", "=> "+repo))
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), mod, 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(name string, args ...string) (string, int) {
		cmd := exec.Command(name, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOWORK=off")
		out, err := cmd.CombinedOutput()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return string(out), code
	}
	out, code := run(bin, "-fix", "./...")
	t.Log(out)
	if code != 3 || !strings.Contains(out, "; 0 refused") {
		t.Fatalf("ctxlint -fix: exit %d, want 3 with nothing refused:\n%s", code, out)
	}
	for _, args := range [][]string{{"build", "./..."}, {"vet", "./..."}} {
		if out, code := run("go", args...); code != 0 {
			t.Fatalf("go %s on the migrated corpus:\n%s", args[0], out)
		}
	}
	if out, code := run(bin, "-whole-program", "./..."); code != 0 {
		t.Errorf("ctxlint -whole-program after the fix: exit %d\n%s", code, out)
	}
	if out, code := run(bin, "-fix", "-diff", "./..."); code != 0 {
		t.Errorf("second ctxlint -fix -diff: exit %d\n%s", code, out)
	}
}
