package health

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"testing/synctest"
	"time"
)

type answer struct {
	code   int
	header http.Header
	body   map[string]any
	raw    string
}

func probe(t *testing.T, h http.Handler, method, target string) answer {
	t.Helper()
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(method, target, nil))
	raw, _ := io.ReadAll(w.Result().Body)
	a := answer{code: w.Code, header: w.Result().Header, raw: string(raw)}
	if len(raw) > 0 && w.Header().Get("Content-Type") == "application/json" {
		if err := json.Unmarshal(raw, &a.body); err != nil {
			t.Fatalf("%s %s: body is not JSON: %v: %s", method, target, err, raw)
		}
	}
	return a
}

// probeFixture has a healthy liveness component, a stuck readiness one and
// a startup component that has not started.
func probeFixture(t *testing.T, body func(c *Catalog, h http.Handler)) {
	synctest.Test(t, func(t *testing.T) {
		const period = time.Second
		_, log := newRecorder(slog.LevelDebug) // dumps are made: none may leak into answers
		c := NewCatalog(WithPeriod(period), WithLogger(log))
		defer c.Close()
		stop := make(chan struct{})
		defer close(stop)
		good := c.RegisterLiveness("good")
		var n int
		go prompt(good, stop, &n)
		c.RegisterReadiness("stuck")
		c.RegisterStartup("sync")
		time.Sleep(3*period + time.Millisecond)
		synctest.Wait()
		body(c, c.Handler())
	})
}

func TestProbeCodes(t *testing.T) {
	probeFixture(t, func(c *Catalog, h http.Handler) {
		for _, tc := range []struct {
			target  string
			code    int
			failing string
		}{
			{"/live", 200, ""},
			{"/ready", 503, "stuck"},
			{"/startup", 503, "sync"},
			{"/ready?exclude=stuck", 200, ""},
			{"/ready?exclude=good,stuck", 200, ""},
			{"/ready?exclude=good&exclude=stuck", 200, ""},
			{"/ready?verbose=false", 503, "stuck"},
			{"/live/good", 200, ""},
			{"/ready/good", 200, ""},
			{"/ready/stuck", 503, ""},
			{"/live/stuck", 404, ""},
			{"/live/nope", 404, ""},
			{"/live/", 200, ""},
			{"/other", 404, ""},
		} {
			a := probe(t, h, "GET", tc.target)
			if a.code != tc.code {
				t.Errorf("GET %s: %d, want %d: %s", tc.target, a.code, tc.code, a.raw)
			}
			if tc.failing != "" && !strings.Contains(a.raw, `"failing":["`+tc.failing+`"]`) {
				t.Errorf("GET %s: body does not name %q as failing: %s", tc.target, tc.failing, a.raw)
			}
		}
	})
}

func TestProbeBodies(t *testing.T) {
	probeFixture(t, func(c *Catalog, h http.Handler) {
		a := probe(t, h, "GET", "/ready")
		want := `{"probe":"readiness","status":"unhealthy","failing":["stuck"]}` + "\n"
		if a.raw != want {
			t.Errorf("GET /ready body:\n%s\nwant\n%s", a.raw, want)
		}

		a = probe(t, h, "GET", "/ready?verbose")
		comps, _ := a.body["components"].([]any)
		if len(comps) != 2 {
			t.Fatalf("verbose lists %d components, want 2: %s", len(comps), a.raw)
		}
		stuck := comps[1].(map[string]any)
		if stuck["name"] != "stuck" || stuck["state"] != "unhealthy" || stuck["kind"] != "readiness" || stuck["overdue"] != "1s" {
			t.Errorf("verbose entry for stuck: %v", stuck)
		}
		if _, ok := a.body["checked"]; !ok {
			t.Errorf("verbose answer without check time: %s", a.raw)
		}

		a = probe(t, h, "GET", "/ready?exclude=stuck&exclude=typo")
		warnings, _ := a.body["warnings"].([]any)
		if a.code != 200 || len(warnings) != 1 || !strings.Contains(warnings[0].(string), `"typo"`) {
			t.Errorf("exclude with an unknown name: %d %s", a.code, a.raw)
		}
		// A liveness-only name is unknown to /startup.
		a = probe(t, h, "GET", "/startup?exclude=good")
		if a.code != 503 || !strings.Contains(a.raw, `cannot exclude \"good\": no such startup component`) {
			t.Errorf("exclude of another probe's component: %d %s", a.code, a.raw)
		}

		a = probe(t, h, "GET", "/ready/stuck")
		if a.body["name"] != "stuck" || a.body["state"] != "unhealthy" {
			t.Errorf("component answer: %s", a.raw)
		}
		a = probe(t, h, "GET", "/live/stuck")
		if a.body["error"] != `no liveness component "stuck"` {
			t.Errorf("404 answer: %s", a.raw)
		}
	})
}

func TestProbeHTTP(t *testing.T) {
	probeFixture(t, func(c *Catalog, h http.Handler) {
		for _, target := range []string{"/live", "/ready?verbose", "/live/good", "/live/nope"} {
			a := probe(t, h, "GET", target)
			if got := a.header.Get("Cache-Control"); got != "no-cache, no-store, must-revalidate" {
				t.Errorf("GET %s: Cache-Control %q", target, got)
			}
			if got := a.header.Get("Content-Type"); got != "application/json" {
				t.Errorf("GET %s: Content-Type %q", target, got)
			}
			if strings.Contains(a.raw, "goroutine ") {
				t.Errorf("GET %s: stacks in the answer", target)
			}
		}
		if a := probe(t, h, "HEAD", "/ready"); a.code != 503 || a.raw != "" {
			t.Errorf("HEAD /ready: %d %q", a.code, a.raw)
		}
		for _, m := range []string{"POST", "PUT", "DELETE"} {
			a := probe(t, h, m, "/live")
			if a.code != http.StatusMethodNotAllowed {
				t.Errorf("%s /live: %d, want 405", m, a.code)
			}
			if allow := a.header.Get("Allow"); !strings.Contains(allow, "GET") || !strings.Contains(allow, "HEAD") {
				t.Errorf("%s /live: Allow %q", m, allow)
			}
		}
	})
}

// TestProbeOverTCP serves the handler on loopback, as kubelet would reach it.
func TestProbeOverTCP(t *testing.T) {
	c := NewCatalog(WithPeriod(time.Hour))
	defer c.Close()
	srv := httptest.NewServer(c.Handler())
	defer srv.Close()
	for path, want := range map[string]int{"/live": 200, "/ready": 200, "/startup": 200} {
		resp, err := srv.Client().Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("GET %s: %d, want %d", path, resp.StatusCode, want)
		}
	}
}

// TestProbeTakesNoLock: a probe answers while the catalog's lock is held.
func TestProbeTakesNoLock(t *testing.T) {
	c := NewCatalog(WithPeriod(time.Hour))
	defer c.Close()
	c.RegisterLiveness("x")
	h := c.Handler()
	c.mu.Lock()
	defer c.mu.Unlock()
	done := make(chan int)
	go func() {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", "/ready?verbose&exclude=x", nil))
		done <- w.Code
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("probe blocked on the catalog's lock")
	}
}

// TestExcludeCap: ?exclude= accepts up to maxExclude distinct names and
// answers 400 past that, so the work and the answer of one probe stay small
// whatever the query holds.
func TestExcludeCap(t *testing.T) {
	c := NewCatalog(WithPeriod(time.Hour))
	defer c.Close()
	c.RegisterLiveness("good")
	h := c.Handler()

	names := func(n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = fmt.Sprintf("n%d", i)
		}
		return out
	}
	huge := "/live?verbose&exclude=" + strings.Join(names(100_000), ",")
	for _, tc := range []struct {
		what, target string
	}{
		{"100,000 names", huge},
		{"cap+1 names, comma-separated", "/live?exclude=" + strings.Join(names(maxExclude+1), ",")},
		{"cap+1 names, repeated", "/ready?exclude=" + strings.Join(names(maxExclude+1), "&exclude=")},
	} {
		a := probe(t, h, "GET", tc.target)
		if a.code != http.StatusBadRequest || len(a.raw) > 200 {
			t.Errorf("%s: %d with %d bytes, want 400 with a short reason", tc.what, a.code, len(a.raw))
		}
		if ct := a.header.Get("Content-Type"); !strings.HasPrefix(ct, "text/plain") {
			t.Errorf("%s: Content-Type %q, want text/plain", tc.what, ct)
		}
	}

	// At the cap: answered, with the unknown names' warnings capped.
	atCap := append(names(maxExclude-1), "good")
	for _, target := range []string{
		"/live?exclude=" + strings.Join(atCap, ","),
		"/live?verbose&exclude=" + strings.Join(atCap, "&exclude="),
		// Duplicates and empty names are not names.
		"/live?exclude=" + strings.Join(atCap, ",") + ",," + strings.Join(atCap, ","),
	} {
		a := probe(t, h, "GET", target)
		warnings, _ := a.body["warnings"].([]any)
		if a.code != 200 || len(warnings) != maxWarnings+1 || len(a.raw) > 2000 {
			t.Errorf("at the cap: %d with %d warnings, %d bytes; want 200 with %d warnings",
				a.code, len(warnings), len(a.raw), maxWarnings+1)
			continue
		}
		last := warnings[maxWarnings].(string)
		if want := fmt.Sprintf("%d more", maxExclude-1-maxWarnings); !strings.Contains(last, want) {
			t.Errorf("last warning %q does not say %q", last, want)
		}
	}

	// An unknown name is echoed shortened: the answer does not grow with it.
	long := strings.Repeat("x", 100_000)
	for _, target := range []string{"/live?exclude=" + long, "/live/" + long} {
		if a := probe(t, h, "GET", target); len(a.raw) > 500 {
			t.Errorf("GET %.20s...: a %d-byte name makes a %d-byte answer", target, len(long), len(a.raw))
		}
	}

	// Past the cap, the allocation does not grow with the query (unbounded,
	// this one made 300,000 allocations and 80 MB).
	req := httptest.NewRequest("GET", huge, nil)
	serve := func() { h.ServeHTTP(httptest.NewRecorder(), req) }
	if n := testing.AllocsPerRun(10, serve); n > 500 {
		t.Errorf("%d allocations for a query of %d bytes", int(n), len(huge))
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	serve()
	runtime.ReadMemStats(&after)
	if n := after.TotalAlloc - before.TotalAlloc; n > 256<<10 {
		t.Errorf("%d bytes allocated for a query of %d bytes", n, len(huge))
	}
}
