package main

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ctxlint/ctxlint/examples/agent/internal/fakekubelet"
)

// syncBuffer is a log sink the agent's goroutines write concurrently.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// agentRun is the agent running in a test, on loopback, with its probes'
// client and its log.
type agentRun struct {
	t      *testing.T
	tick   time.Duration
	base   string // the probes' URL
	logs   *syncBuffer
	client *http.Client
}

// startAgent runs the agent with cfg (its listen address is ignored) until
// the returned stop is called, logging at debug level to the agentRun's logs
// and, when hook is not nil, to hook.
func startAgent(t *testing.T, cfg config, hook func(slog.Record)) (*agentRun, func()) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	a := &agentRun{t: t, tick: cfg.tick, base: "http://" + ln.Addr().String(), logs: new(syncBuffer), client: &http.Client{Timeout: time.Second}}
	var h slog.Handler = slog.NewTextHandler(a.logs, &slog.HandlerOptions{Level: slog.LevelDebug})
	if hook != nil {
		h = hookHandler{h, hook}
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(ctx, cfg, ln, slog.New(h)) }()
	return a, func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("run: %v", err)
		}
	}
}

// get returns the probe's status code (0 if it did not answer) and body.
func (a *agentRun) get(path string) (int, map[string]any) {
	resp, err := a.client.Get(a.base + path)
	if err != nil {
		return 0, nil
	}
	defer resp.Body.Close()
	var body map[string]any
	json.NewDecoder(resp.Body).Decode(&body)
	return resp.StatusCode, body
}

// waitFor polls the probe until it answers code, and fails the test if it
// does not within the given time.
func (a *agentRun) waitFor(path string, code int, within time.Duration) (time.Duration, map[string]any) {
	a.t.Helper()
	start := time.Now()
	for {
		got, body := a.get(path)
		if got == code {
			return time.Since(start), body
		}
		if time.Since(start) > within {
			a.t.Fatalf("GET %s: still %d after %v, want %d; logs:\n%s", path, got, within, code, a.logs.String())
		}
		time.Sleep(a.tick / 20)
	}
}

// hookHandler passes every record to hook too.
type hookHandler struct {
	slog.Handler
	hook func(slog.Record)
}

func (h hookHandler) Handle(ctx context.Context, r slog.Record) error {
	h.hook(r.Clone())
	return h.Handler.Handle(ctx, r)
}

func (h hookHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return hookHandler{h.Handler.WithAttrs(attrs), h.hook}
}

func (h hookHandler) WithGroup(name string) slog.Handler {
	return hookHandler{h.Handler.WithGroup(name), h.hook}
}

// TestBlackhole runs the agent against a fake kubelet on loopback: healthy
// while it answers; once it accepts connections and never answers, liveness
// fails within the documented bound (4 periods, plus 2 of slack for a loaded
// machine) and the goroutine dump shows the call that is stuck; once it
// answers again, the agent recovers.
//
// It is the agent before its migration; TestMigratedBlackhole is the same
// outage after it (see migration_test.go).
func TestBlackhole(t *testing.T) {
	if os.Getenv(migratedEnv) == "1" {
		t.Skip(migratedEnv + "=1: this is the agent migrated by ctxlint -fix, whose liveness no longer fails (TestMigratedBlackhole); TestBlackhole is the failure before the migration")
	}
	tick := testTick()
	kl, err := fakekubelet.Start("node-1")
	if err != nil {
		t.Fatal(err)
	}
	defer kl.Close()
	a, stop := startAgent(t, config{kubeletURL: kl.URL, tick: tick, hostnameProvider: "kubelet"}, nil)
	defer func() {
		kl.Answer()
		stop()
	}()
	get, waitFor, logs := a.get, a.waitFor, a.logs

	// Healthy: every component has received (readiness needs that), and
	// stays healthy for a while.
	waitFor("/ready", 200, 20*tick)
	time.Sleep(10 * tick)
	if code, body := get("/ready"); code != 200 {
		t.Fatalf("agent unhealthy while the kubelet answers: %v\n%s", body, logs.String())
	}
	if strings.Contains(logs.String(), "missed their deadline") {
		t.Fatalf("false alarm while the kubelet answers:\n%s", logs.String())
	}

	// Black hole. A loop may receive up to one period after this and then
	// block; its deadline is at most 2 periods (the default miss threshold)
	// after that receive, and it is flagged at most one period after its
	// deadline: 4 periods. Allow 2 more for scheduling under -race.
	kl.Blackhole()
	start := time.Now()
	took, _ := waitFor("/live", 503, 6*tick)
	t.Logf("liveness failed %v after the black hole (bound 4 periods = %v)", took, 4*tick)
	// Both liveness loops that reach the kubelet are flagged within the bound.
	for _, want := range []string{"ad-config-provider-kubelet", "host-metadata"} {
		for {
			_, body := get("/live")
			failing, _ := body["failing"].([]any)
			if containsAny(failing, want) {
				break
			}
			if time.Since(start) > 6*tick {
				t.Fatalf("%s not flagged %v after the black hole; failing: %v", want, time.Since(start), failing)
			}
			time.Sleep(tick / 20)
		}
	}

	// The dump names the overdue components and shows where they are stuck.
	deadline := time.Now().Add(2 * time.Second)
	for !strings.Contains(logs.String(), "health: goroutine dump") && time.Now().Before(deadline) {
		time.Sleep(tick / 10)
	}
	var dump string
	for line := range strings.SplitSeq(logs.String(), "\n") {
		if strings.Contains(line, "health: goroutine dump") {
			dump = line
			break
		}
	}
	if dump == "" {
		t.Fatalf("no goroutine dump in the debug log:\n%s", logs.String())
	}
	// The first dump may be of another loop flagged first: host-metadata's
	// miss is in a warning of its own.
	if !strings.Contains(logs.String(), "host-metadata (liveness) by") {
		t.Errorf("no warning names host-metadata overdue:\n%s", logs.String())
	}
	for _, frame := range []string{
		"level=DEBUG",
		"kubelet.(*Client).query",
		"net/http.(*Client).Do",
		"hostmeta.kubeletHostname",
		"providers.(*KubeletProvider).Collect",
	} {
		if !strings.Contains(dump, frame) {
			t.Errorf("goroutine dump lacks %q", frame)
		}
	}

	// The kubelet answers again: the agent recovers.
	kl.Answer()
	waitFor("/ready", 200, 10*tick)
}

// testTick is the health period of the end-to-end tests. A loop's slack
// is a fraction of it (host-metadata polls at half the period; a migrated
// call ends about a ninth of a period before the deadline), and a stall of
// the process longer than that slack under a loaded, race-instrumented
// run is a false alarm: under -race or in CI the period is longer.
func testTick() time.Duration {
	if raceEnabled() || os.Getenv("CI") != "" {
		return time.Second
	}
	return 300 * time.Millisecond
}

func containsAny(list []any, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
