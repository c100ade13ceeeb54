package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ctxlint/ctxlint/examples/agent/internal/fakekubelet"
	"github.com/ctxlint/ctxlint/runtime/health"
)

// migratedEnv set to 1 says that the tests run on the agent migrated by
// ctxlint -fix: TestMigrated* run, TestBlackhole skips.
const migratedEnv = "CTXLINT_MIGRATED"

// TestMigrationEndToEnd migrates a copy of the agent with the checkout's
// ctxlint -fix, checks the result with ctxlint itself (no finding, nothing
// left to rewrite), and runs the copy's TestMigrated* tests on it.
func TestMigrationEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds ctxlint, migrates a copy of the agent and runs its tests")
	}
	if os.Getenv(migratedEnv) == "1" {
		t.Skip("already on the migrated copy")
	}
	repo, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	bin, dir := filepath.Join(tmp, exeName("ctxlint")), filepath.Join(tmp, "agent")
	timed := func(what string, start time.Time) { t.Logf("%s: %v", what, time.Since(start).Round(time.Millisecond)) }

	start := time.Now()
	if err := buildCtxlint(t.Context(), repo, bin); err != nil {
		t.Fatal(err)
	}
	timed("go build ./cmd/ctxlint", start)
	if err := copyAgent(repo, dir); err != nil {
		t.Fatal(err)
	}
	before := readTree(t, dir)

	ctxlint := func(args ...string) (stdout, stderr string, code int) {
		t.Helper()
		defer timed("ctxlint "+strings.Join(args, " "), time.Now())
		cmd := exec.CommandContext(t.Context(), bin, args...)
		cmd.Dir = dir
		var out, errOut bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errOut
		err := cmd.Run()
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			code = exit.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return out.String(), errOut.String(), code
	}

	// The migration: exit status 3, changes made, none refused.
	stdout, stderr, code := ctxlint("-fix", "./...")
	t.Logf("ctxlint -fix ./...: exit %d\n%s%s", code, stdout, stderr)
	if code != 3 || !strings.Contains(stderr, "; 0 refused") {
		t.Fatalf("ctxlint -fix: exit %d, want 3 with nothing refused", code)
	}
	after := readTree(t, dir)
	var changed []string
	for path, b := range after {
		if !bytes.Equal(before[path], b) {
			changed = append(changed, path)
		}
	}
	slices.Sort(changed)
	t.Logf("rewritten: %s", strings.Join(changed, ", "))

	start = time.Now()
	build := exec.CommandContext(t.Context(), "go", "build", "./...")
	build.Dir = dir
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./... on the migrated agent: %v\n%s", err, out)
	}
	timed("go build ./...", start)

	// Nothing left for ctxprop, or for a second -fix.
	if stdout, stderr, code := ctxlint("./..."); code != 0 {
		t.Errorf("ctxlint ./... on the migrated agent: exit %d, want 0\n%s%s", code, stdout, stderr)
	}
	// The migration leaves no context.TODO(); its roots are the three
	// loops, which derive their context from context.Background() and the
	// tick (ctxlint todo -background lists them).
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"todo", "./..."}, []string{"total: 0"}},
		{[]string{"todo", "-background", "./..."}, []string{"Collector.Run", "KubeletListener.run", "Poller.process"}},
	} {
		stdout, stderr, code := ctxlint(c.args...)
		t.Logf("ctxlint %s: exit %d\n%s%s", strings.Join(c.args, " "), code, stdout, stderr)
		if code != 0 {
			t.Errorf("ctxlint %s: exit %d, want 0", strings.Join(c.args, " "), code)
		}
		for _, w := range c.want {
			if !strings.Contains(stdout, w) {
				t.Errorf("ctxlint %s does not list %q", strings.Join(c.args, " "), w)
			}
		}
	}
	if stdout, stderr, code := ctxlint("-fix", "-diff", "./..."); code != 0 || stdout != "" {
		t.Errorf("second ctxlint -fix -diff: exit %d, want 0 and no diff\n%s%s", code, stdout, stderr)
	}

	// The migrated agent's behaviour, by its own tests (TestBlackhole is
	// there to show it skips).
	args := []string{"test", "-count=1", "-v", "-timeout=5m", "-run", "^(TestMigrated.*|TestBlackhole)$"}
	if raceEnabled() {
		args = append(args, "-race")
	}
	start = time.Now()
	test := exec.CommandContext(t.Context(), "go", append(args, ".")...)
	test.Dir = dir
	test.Env = append(os.Environ(), migratedEnv+"=1")
	out, err := test.CombinedOutput()
	timed("go "+strings.Join(args, " ")+" . (in the copy)", start)
	t.Logf("the migrated copy's tests:\n%s", out)
	if err != nil {
		t.Fatalf("the migrated agent's tests: %v", err)
	}
	results := map[string]string{}
	for _, m := range regexp.MustCompile(`(?m)^--- (PASS|FAIL|SKIP): (\w+)`).FindAllStringSubmatch(string(out), -1) {
		results[m[2]] = m[1]
	}
	for name, want := range map[string][]string{
		"TestMigratedBlackhole":   {"PASS"},
		"TestMigratedConnectHang": {"PASS", "SKIP"},
		"TestBlackhole":           {"SKIP"},
	} {
		if !slices.Contains(want, results[name]) {
			t.Errorf("%s on the migrated agent: %q, want %s", name, results[name], strings.Join(want, " or "))
		}
	}
}

// readTree returns the .go files under dir by relative path.
func readTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		b, err := os.ReadFile(path)
		rel, _ := filepath.Rel(dir, path)
		files[filepath.ToSlash(rel)] = b
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// raceEnabled reports whether the test binary was built with -race.
func raceEnabled() bool {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return false
	}
	for _, s := range info.Settings {
		if s.Key == "-race" {
			return s.Value == "true"
		}
	}
	return false
}

func skipUnlessMigrated(t *testing.T) {
	t.Helper()
	if os.Getenv(migratedEnv) != "1" {
		t.Skip("runs on the agent migrated by ctxlint -fix: TestMigrationEndToEnd runs it in a migrated copy, with " + migratedEnv + "=1")
	}
}

// TestMigratedBlackhole is TestBlackhole after the migration: while the
// kubelet accepts connections and never answers, the kubelet calls end at
// the health deadline, so liveness stays healthy; when it answers again,
// everything is.
func TestMigratedBlackhole(t *testing.T) {
	skipUnlessMigrated(t)
	kl, err := fakekubelet.Start("node-1")
	if err != nil {
		t.Fatal(err)
	}
	defer kl.Close()
	o := startOutage(t, kl.URL)
	defer func() {
		kl.Answer()
		o.stop()
	}()
	o.healthy()

	kl.Blackhole()
	o.holdLive("black hole")

	served := kl.Served()
	kl.Answer()
	o.recovered(func() int { return kl.Served() - served })
}

// TestMigratedConnectHang is an outage where the connect itself hangs: the
// kubelet's port has a full accept queue, so the kernel drops the SYNs of
// new connections. Liveness stays healthy; once the kubelet is back on the
// port, everything is.
func TestMigratedConnectHang(t *testing.T) {
	skipUnlessMigrated(t)
	kl, err := fakekubelet.Start("node-1")
	if err != nil {
		t.Fatal(err)
	}
	defer kl.Close()
	u, err := url.Parse(kl.URL)
	if err != nil {
		t.Fatal(err)
	}
	port, err := strconv.Atoi(u.Port())
	if err != nil {
		t.Fatal(err)
	}
	o := startOutage(t, kl.URL)
	defer o.stop()
	o.healthy()

	// Closing the kubelet closes the agent's idle connections to it, so
	// every call from now on dials; between this and hangConnects a dial
	// is refused at once.
	kl.Close()
	release, err := hangConnects(port)
	if err != nil {
		t.Skipf("cannot make connect hang on this machine: %v", err)
	}
	defer release()
	o.holdLive("connect hang")
	// The calls were stuck in connect (net/http goes on dialing after a
	// request ends, so the connects are still pending).
	switch n, err := connecting(port); {
	case err != nil:
		t.Logf("cannot count the pending connects: %v", err)
	case n == 0:
		t.Errorf("no connect to the kubelet's port is pending: the outage is not a connect hang")
	default:
		t.Logf("connects to the kubelet's port pending (SYN_SENT): %d", n)
	}

	release()
	// Another connection may have taken the freed port for a moment.
	var ln net.Listener
	for start := time.Now(); ; time.Sleep(50 * time.Millisecond) {
		if ln, err = net.Listen("tcp", u.Host); err == nil {
			break
		}
		if time.Since(start) > 2*time.Second {
			t.Skipf("the kubelet's port %s was taken while released (%v): the recovery cannot be checked", u.Host, err)
		}
	}
	kl = fakekubelet.Serve("node-1", ln)
	defer kl.Close()
	o.recovered(kl.Served)
}

// kubeletCalls are the agent's log messages for a failed kubelet call, by
// the loop that logs them (the file provider never fails).
var kubeletCalls = map[string]string{
	"host metadata: collecting tags": "host-metadata (liveness)",
	"config poller: collecting":      "ad-config-provider-kubelet (liveness)",
	"kubelet listener: pulling pods": "ad-kubeletlistener (readiness)",
}

// outage watches the migrated agent through an outage of its kubelet.
type outage struct {
	*agentRun
	stop func()

	mu       sync.Mutex
	deadline map[string]int // kubelet calls ended by the health deadline, by loop
	sample   string         // the last of their errors
	other    []string       // other failures of kubelet calls
	flagged  []string       // "missed their deadline" logs naming a liveness component
}

var outageTick = testTick() // as TestBlackhole's

func startOutage(t *testing.T, kubeletURL string) *outage {
	o := &outage{deadline: map[string]int{}}
	o.agentRun, o.stop = startAgent(t, config{kubeletURL: kubeletURL, tick: outageTick, hostnameProvider: "kubelet"}, o.record)
	return o
}

// record classifies the agent's log records.
func (o *outage) record(r slog.Record) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if r.Message == "health: components missed their deadline" {
		r.Attrs(func(a slog.Attr) bool {
			if a.Key == "overdue" && strings.Contains(a.Value.String(), "(liveness)") {
				o.flagged = append(o.flagged, a.Value.String())
			}
			return true
		})
		return
	}
	loop, ok := kubeletCalls[r.Message]
	if !ok {
		return
	}
	var err error
	r.Attrs(func(a slog.Attr) bool {
		if a.Key == "err" {
			err, _ = a.Value.Any().(error)
		}
		return true
	})
	// The cause of the call's failure is the health deadline, which the
	// error carries (net/http returns the context's cause).
	var de *health.DeadlineError
	if errors.As(err, &de) && strings.Contains(err.Error(), "health deadline") {
		o.deadline[loop]++
		o.sample = loop + ": " + err.Error()
	} else {
		o.other = append(o.other, fmt.Sprintf("%s: %v", loop, err))
	}
}

// counts returns the kubelet calls ended by the health deadline, by loop,
// the other failures and the liveness components flagged.
func (o *outage) counts() (deadline map[string]int, other, flagged int) {
	o.mu.Lock()
	defer o.mu.Unlock()
	deadline = map[string]int{}
	for loop, n := range o.deadline {
		deadline[loop] = n
	}
	return deadline, len(o.other), len(o.flagged)
}

// healthy waits for the agent to be ready with no failed kubelet call.
func (o *outage) healthy() {
	o.t.Helper()
	took, _ := o.waitFor("/ready", 200, 20*o.tick)
	o.waitFor("/live", 200, o.tick)
	if deadline, other, flagged := o.counts(); len(deadline)+other+flagged > 0 {
		o.t.Fatalf("failures while the kubelet answers: %v, %d others, %d flagged; logs:\n%s", deadline, other, flagged, o.logs.String())
	}
	o.t.Logf("ready %v after the start", took.Round(time.Millisecond))
}

// holdLive polls /live from the start of the outage until at least five
// periods have passed and each loop has had two kubelet calls ended by the
// health deadline; every answer must be 200 with every liveness component
// healthy, and no liveness component may be flagged.
func (o *outage) holdLive(what string) {
	o.t.Helper()
	const periods, calls = 5, 2
	start := time.Now()
	base, baseOther, _ := o.counts()
	var polls, ready503 int
	for {
		code, body := o.get("/live?verbose")
		if code != 200 {
			o.t.Fatalf("%s: /live answered %d after %v: %v; logs:\n%s", what, code, time.Since(start), body, o.logs.String())
		}
		components, _ := body["components"].([]any)
		for _, c := range components {
			c, _ := c.(map[string]any)
			if c["kind"] == "liveness" && c["state"] != "healthy" {
				o.t.Fatalf("%s: liveness component %v after %v; logs:\n%s", what, c, time.Since(start), o.logs.String())
			}
		}
		if code, _ := o.get("/ready"); code != 200 {
			ready503++
		}
		polls++
		deadline, other, flagged := o.counts()
		if flagged > 0 {
			o.t.Fatalf("%s: a liveness component was flagged; logs:\n%s", what, o.logs.String())
		}
		done := time.Since(start) >= periods*o.tick
		for _, loop := range kubeletCalls {
			done = done && deadline[loop]-base[loop] >= calls
		}
		if done {
			held := time.Since(start)
			for loop := range deadline {
				deadline[loop] -= base[loop]
			}
			o.t.Logf("%s: /live 200 with every liveness component healthy for %v (%.1f periods), %d polls; /ready not 200 at %d of them; kubelet calls ended by the health deadline: %v; other failures: %d",
				what, held.Round(time.Millisecond), float64(held)/float64(o.tick), polls, ready503, deadline, other-baseOther)
			o.mu.Lock()
			o.t.Logf("%s: e.g. %s", what, o.sample)
			if len(o.other) > baseOther {
				o.t.Logf("other failures: %s", strings.Join(o.other[baseOther:], "; "))
			}
			o.mu.Unlock()
			return
		}
		if time.Since(start) > 30*o.tick {
			o.t.Fatalf("%s: after %v, kubelet calls ended by the health deadline: %v, want %d more for each of %d loops; logs:\n%s",
				what, time.Since(start), deadline, calls, len(kubeletCalls), o.logs.String())
		}
		time.Sleep(o.tick / 20)
	}
}

// recovered waits until the kubelet has answered three more calls (one per
// loop, give or take) and /live and /ready answer 200.
func (o *outage) recovered(served func() int) {
	o.t.Helper()
	start := time.Now()
	for served() < 3 {
		if time.Since(start) > 20*o.tick {
			o.t.Fatalf("the kubelet answered %d calls in %v after the outage; logs:\n%s", served(), time.Since(start), o.logs.String())
		}
		time.Sleep(o.tick / 20)
	}
	o.waitFor("/live", 200, 10*o.tick)
	o.waitFor("/ready", 200, 10*o.tick)
	o.t.Logf("recovered %v after the outage ended (%d calls answered)", time.Since(start).Round(time.Millisecond), served())
}
