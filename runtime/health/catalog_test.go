package health

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"
)

func TestStuckComponentDelaysNoOther(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const period = 15 * time.Second
		rec, log := newRecorder(slog.LevelInfo)
		c := NewCatalog(WithPeriod(period), WithLogger(log))
		defer c.Close()

		stop := make(chan struct{})
		var wg sync.WaitGroup
		stuck := c.RegisterLiveness("stuck")
		wg.Go(func() {
			<-stuck.C // takes one tick, then never again
			<-stop
		})
		received := make([]int, 100)
		for i := range received {
			h := c.RegisterLiveness(fmt.Sprintf("prompt-%03d", i))
			wg.Go(func() { prompt(h, stop, &received[i]) })
		}

		const periods = 40
		time.Sleep(periods*period + time.Millisecond)
		synctest.Wait()
		close(stop)
		wg.Wait()

		for i, n := range received {
			// The registration tick plus one per check.
			if n != periods+1 {
				t.Errorf("prompt-%03d received %d ticks, want %d", i, n, periods+1)
			}
		}
		live := c.Live()
		if live.Healthy {
			t.Error("liveness healthy with a stuck component")
		}
		if got := live.Failing(); len(got) != 1 || got[0] != "stuck" {
			t.Errorf("failing = %v, want [stuck]", got)
		}
		if n := len(rec.find(msgMissed)); n != 1 {
			t.Errorf("%d failure logs, want 1 (once per transition)", n)
		}
	})
}

// TestDetectionBound checks the documented bound over random schedules: a
// component that always receives before the deadline it last received is
// never flagged, and one that stops is flagged no earlier than that deadline
// and no later than one period after it.
func TestDetectionBound(t *testing.T) {
	for seed := range uint64(100) {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) { checkSchedule(t, seed) })
		})
	}
}

func checkSchedule(t *testing.T, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 7))
	period := time.Duration(1+rng.IntN(20)) * time.Second
	threshold := 2 + rng.IntN(3)
	rec, log := newRecorder(slog.LevelInfo)
	c := NewCatalog(WithPeriod(period), WithMissThreshold(threshold), WithLogger(log))
	defer c.Close()
	// Register off the check grid.
	time.Sleep(time.Duration(rng.Int64N(int64(period))))

	type loop struct {
		h          *Handle
		stopsAfter int // receives before getting stuck; -1: never
		rng        *rand.Rand
		last       time.Time // deadline of the last tick received
	}
	loops := []*loop{
		{h: c.RegisterLiveness("diligent"), stopsAfter: -1, rng: rand.New(rand.NewPCG(seed, 1))},
		{h: c.RegisterReadiness("stops"), stopsAfter: rng.IntN(20), rng: rand.New(rand.NewPCG(seed, 2))},
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for _, l := range loops {
		wg.Go(func() {
			for n := 0; ; n++ {
				select {
				case l.last = <-l.h.C:
				case <-stop:
					return
				}
				if n == l.stopsAfter {
					<-stop
					return
				}
				// Work for a random part of the time left, always
				// returning strictly before the deadline.
				if left := time.Until(l.last); left > 1 {
					time.Sleep(time.Duration(l.rng.Int64N(int64(left - 1))))
				}
			}
		})
	}
	// Long enough for "stops" to stop: each receive comes at most one
	// timeout after the previous one.
	time.Sleep(time.Duration(22*threshold) * period)
	synctest.Wait()
	diligent, _ := stateOf(c, "diligent")
	c.Close() // no check after this, however long the loops take to stop
	close(stop)
	wg.Wait()

	flags := rec.find(msgMissed)
	if len(flags) != 1 {
		t.Fatalf("period %v threshold %d: %d failure logs, want 1 (for \"stops\"): %v", period, threshold, len(flags), flags)
	}
	flag := flags[0]
	if got := flag.attrs["overdue"].String(); got[:len("stops ")] != "stops " {
		t.Fatalf("flagged %q, want stops", got)
	}
	deadline := loops[1].last
	if flag.at.Before(deadline) || flag.at.After(deadline.Add(period)) {
		t.Errorf("period %v threshold %d: flagged at %v, want within [%v, %v]",
			period, threshold, flag.at, deadline, deadline.Add(period))
	}
	if diligent.State != Healthy {
		t.Errorf("diligent is %v, want healthy", diligent.State)
	}
}

func TestStartingGrace(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const period = time.Second
		_, log := newRecorder(slog.LevelInfo)
		c := NewCatalog(WithPeriod(period), WithLogger(log))
		defer c.Close()
		time.Sleep(period / 2)
		h := c.RegisterLiveness("late", WithGracePeriod(5*period))
		registered := time.Now() // between checks: its grace ends at 5.5 periods

		st, _ := stateOf(c, "late")
		if st.State != Starting {
			t.Fatalf("new component is %v, want starting", st.State)
		}
		if !c.Live().Healthy {
			t.Error("a starting component fails liveness")
		}
		if c.Ready().Healthy {
			t.Error("a starting component passes readiness")
		}
		// Still starting at the last check before the grace period ends.
		time.Sleep(5 * period)
		synctest.Wait()
		if st, _ := stateOf(c, "late"); st.State != Starting {
			t.Fatalf("inside its grace period the component is %v", st.State)
		}
		// Flagged at the first check after it.
		time.Sleep(period / 2)
		synctest.Wait()
		st, _ = stateOf(c, "late")
		if st.State != Unhealthy {
			t.Fatalf("after its grace period the component is %v", st.State)
		}
		if want := registered.Add(5 * period); !st.Deadline.Equal(want) {
			t.Errorf("deadline %v, want registration + grace %v", st.Deadline, want)
		}
		// A late first receive recovers it at the next check.
		<-h.C
		time.Sleep(period)
		synctest.Wait()
		if st, _ := stateOf(c, "late"); st.State != Healthy {
			t.Errorf("after receiving the component is %v", st.State)
		}
	})
}

func TestStartup(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const period = time.Second
		c := NewCatalog(WithPeriod(period))
		defer c.Close()
		h := c.RegisterStartup("initial-sync")
		if c.Started().Healthy {
			t.Fatal("startup passes before the component started")
		}
		if !c.Live().Healthy || !c.Ready().Healthy {
			t.Error("a startup component counts for liveness or readiness")
		}
		<-h.C
		time.Sleep(period)
		synctest.Wait()
		if !c.Started().Healthy {
			t.Fatal("startup fails after the first receive")
		}
		// Started for good: no more ticks, never flagged.
		time.Sleep(20 * period)
		synctest.Wait()
		if !c.Started().Healthy {
			t.Error("startup fails after the component stopped receiving")
		}
		select {
		case <-h.C:
			t.Error("a started startup component still receives ticks")
		default:
		}
	})
}

func TestDeregister(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const period = time.Second
		c := NewCatalog(WithPeriod(period))
		defer c.Close()

		h := c.RegisterLiveness("a")
		if err := h.Deregister(); err != nil {
			t.Fatalf("Deregister: %v", err)
		}
		if err := h.Deregister(); !errors.Is(err, ErrNotRegistered) {
			t.Errorf("second Deregister = %v, want ErrNotRegistered", err)
		}
		if err := (&Handle{}).Deregister(); !errors.Is(err, ErrNotRegistered) {
			t.Errorf("Deregister of an unknown handle = %v", err)
		}
		if err := (*Handle)(nil).Deregister(); !errors.Is(err, ErrNotRegistered) {
			t.Errorf("Deregister of nil = %v", err)
		}
		// A new component under the old name is not the old handle's.
		h2 := c.RegisterLiveness("a")
		if h2.Name() != "a" {
			t.Errorf("re-registered as %q", h2.Name())
		}
		if err := h.Deregister(); !errors.Is(err, ErrNotRegistered) {
			t.Errorf("stale handle deregistered its successor: %v", err)
		}
		if _, ok := stateOf(c, "a"); !ok {
			t.Error("successor gone")
		}
		if c.Live().Healthy != true {
			t.Error("unhealthy")
		}
	})
}

// TestDeregisterInsideSelect: a loop that deregisters from inside its select
// and keeps selecting gets no more values, zero or otherwise.
func TestDeregisterInsideSelect(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const period = time.Second
		c := NewCatalog(WithPeriod(period))
		defer c.Close()
		h := c.RegisterLiveness("leaving")
		var extra atomic.Int32
		done := make(chan struct{})
		go func() {
			defer close(done)
			timeout := time.After(50 * period)
			deregistered := false
			for {
				select {
				case <-h.C:
					if deregistered {
						extra.Add(1)
					}
					if err := h.Deregister(); err != nil && !deregistered {
						t.Errorf("Deregister: %v", err)
					}
					deregistered = true
				case <-timeout:
					return
				}
			}
		}()
		<-done
		if n := extra.Load(); n != 0 {
			t.Errorf("%d values received after Deregister", n)
		}
		if len(c.Live().Components) != 0 {
			t.Error("component still listed")
		}
	})
}

// TestChurn registers and deregisters from many goroutines while checks and
// probes run: one ticker throughout, no leaked goroutine, no race.
func TestChurn(t *testing.T) {
	clock := &countingClock{}
	synctest.Test(t, func(t *testing.T) {
		c := NewCatalog(WithPeriod(time.Second), WithClock(clock))
		var wg sync.WaitGroup
		for g := range 20 {
			wg.Go(func() {
				for i := range 50 {
					h := c.RegisterReadiness(fmt.Sprintf("churn-%d-%d", g, i))
					time.Sleep(time.Duration(i%3) * 500 * time.Millisecond)
					select {
					case <-h.C:
					default:
					}
					if err := h.Deregister(); err != nil {
						t.Errorf("Deregister: %v", err)
					}
					_ = c.Ready()
				}
			})
		}
		wg.Wait()
		if n := clock.tickers.Load(); n != 1 {
			t.Errorf("%d tickers made, want 1", n)
		}
		if n := len(c.Ready().Components); n != 0 {
			t.Errorf("%d components left", n)
		}
		c.Close()
		c.Close() // idempotent
		// Only the catalog's own goroutines count: runtime.NumGoroutine
		// sees the whole test process, where other tests' come and go.
		synctest.Wait()
		if n := startedBy(newCatalogFunc); n != 0 {
			t.Errorf("%d goroutines of the catalog left after Close", n)
		}
	})
}

type countingClock struct{ tickers atomic.Int32 }

func (c *countingClock) Now() time.Time { return time.Now() }
func (c *countingClock) NewTicker(d time.Duration) Ticker {
	c.tickers.Add(1)
	return systemClock{}.NewTicker(d)
}

func TestNames(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		rec, log := newRecorder(slog.LevelInfo)
		c := NewCatalog(WithLogger(log))
		defer c.Close()
		if !c.Live().Healthy || !c.Ready().Healthy || !c.Started().Healthy {
			t.Error("an empty catalog is unhealthy")
		}
		a := c.RegisterLiveness("dup")
		b := c.RegisterReadiness("dup")
		if a.Name() != "dup" || b.Name() != "dup-2" {
			t.Errorf("names %q, %q; want dup, dup-2", a.Name(), b.Name())
		}
		for _, bad := range []string{"a b", "a,b", "a#2", "a?x", "a%20", "a\n"} {
			if _, err := c.Register(Liveness, bad); err == nil {
				t.Errorf("Register accepted %q, which a probe URL cannot name", bad)
			}
		}
		if len(rec.find("health: component name taken, registered under another")) != 1 {
			t.Error("no warning for a taken name")
		}
		if _, err := c.Register(Liveness, "dup"); err == nil {
			t.Error("Register accepted a taken name")
		}
		if _, err := c.Register(Liveness, " "); err == nil {
			t.Error("Register accepted an empty name")
		}
		if _, err := c.Register(Kind(9), "x"); err == nil {
			t.Error("Register accepted an invalid kind")
		}
		// Liveness components count for readiness, not the reverse.
		if n := len(c.Ready().Components); n != 2 {
			t.Errorf("readiness counts %d components, want 2", n)
		}
		if n := len(c.Live().Components); n != 1 {
			t.Errorf("liveness counts %d components, want 1", n)
		}
	})
}

func TestOptions(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := NewCatalog()
		defer c.Close()
		if c.Period() != DefaultPeriod {
			t.Errorf("default period %v", c.Period())
		}
		for _, tc := range []struct {
			opt  Option
			want string
		}{
			{WithPeriod(time.Second), "health: WithPeriod configures a catalog, not a component: pass it to NewCatalog"},
			{WithMissThreshold(1), "health: WithMissThreshold: miss threshold must be at least 2, got 1"},
			{WithGracePeriod(-1), "health: WithGracePeriod: grace period must be positive and at most 876000h0m0s, got -1ns"},
			{Option{}, "health: zero Option"},
		} {
			_, err := c.Register(Liveness, "x", tc.opt)
			if err == nil || err.Error() != tc.want {
				t.Errorf("Register with %s: %v, want %q", tc.opt.name, err, tc.want)
			}
		}
		for _, opt := range []Option{WithPeriod(0), WithPeriod(1 << 62), WithClock(nil), WithDump(-1, 0)} {
			func() {
				defer func() {
					if recover() == nil {
						t.Errorf("NewCatalog(%s) did not panic", opt.name)
					}
				}()
				NewCatalog(opt).Close()
			}()
		}
		func() {
			defer func() {
				if recover() == nil {
					t.Error("RegisterLiveness with an invalid option did not panic")
				}
			}()
			c.RegisterLiveness("y", WithMissThreshold(0))
		}()
	})
}

func TestClosed(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		rec, log := newRecorder(slog.LevelInfo)
		c := NewCatalog(WithLogger(log))
		c.Close()
		if _, err := c.Register(Liveness, "x"); !errors.Is(err, ErrClosed) {
			t.Errorf("Register after Close = %v, want ErrClosed", err)
		}
		h := c.RegisterLiveness("x")
		if len(rec.find("health: registering with a closed catalog: the component will never tick")) != 1 {
			t.Error("no error logged")
		}
		if err := h.Deregister(); !errors.Is(err, ErrNotRegistered) {
			t.Errorf("Deregister of an inert handle = %v", err)
		}
	})
}

// TestFakeClock drives checks by hand through an injected clock.
func TestFakeClock(t *testing.T) {
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	clock := &manualClock{now: start, c: make(chan time.Time)}
	_, log := newRecorder(slog.LevelInfo)
	c := NewCatalog(WithPeriod(time.Minute), WithClock(clock), WithLogger(log))
	defer c.Close()
	h := c.RegisterLiveness("x")
	first := <-h.C
	if want := start.Add(2 * time.Minute); !first.Equal(want) {
		t.Fatalf("first tick carries %v, want %v", first, want)
	}
	clock.c <- start.Add(time.Minute) // received: healthy, deadline 'first'
	clock.c <- start.Add(2 * time.Minute)
	// The unbuffered send returns once the previous check is done; one more
	// makes sure the second one is too.
	clock.c <- start.Add(2 * time.Minute)
	st, _ := stateOf(c, "x")
	if st.State != Unhealthy || !st.Deadline.Equal(first) {
		t.Errorf("at the deadline: %v with deadline %v, want unhealthy with %v", st.State, st.Deadline, first)
	}
}

type manualClock struct {
	now time.Time
	c   chan time.Time
}

func (m *manualClock) Now() time.Time                 { return m.now }
func (m *manualClock) NewTicker(time.Duration) Ticker { return m }
func (m *manualClock) C() <-chan time.Time            { return m.c }
func (m *manualClock) Stop()                          {}

// TestDeregisterDrains: a tick refreshed after the last receive is not left
// in C for a loop that keeps selecting after Deregister.
func TestDeregisterDrains(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := NewCatalog(WithPeriod(time.Second))
		defer c.Close()
		h := c.RegisterLiveness("x")
		<-h.C
		time.Sleep(time.Second) // a check refills C
		synctest.Wait()
		if err := h.Deregister(); err != nil {
			t.Fatal(err)
		}
		select {
		case d := <-h.C:
			t.Errorf("stale tick %v left after Deregister", d)
		default:
		}
	})
}

// blockingHandler stands for a log sink that hangs.
type blockingHandler struct{ release chan struct{} }

func (b blockingHandler) Enabled(context.Context, slog.Level) bool  { return true }
func (b blockingHandler) Handle(context.Context, slog.Record) error { <-b.release; return nil }
func (b blockingHandler) WithAttrs([]slog.Attr) slog.Handler        { return b }
func (b blockingHandler) WithGroup(string) slog.Handler             { return b }

// TestSlowLogDelaysNoTick: logging a failure happens off the checking
// goroutine, so a hanging log sink does not stop ticks to others.
func TestSlowLogDelaysNoTick(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		release := make(chan struct{})
		c := NewCatalog(WithPeriod(time.Second), WithLogger(slog.New(blockingHandler{release})))
		c.RegisterLiveness("stuck")
		h := c.RegisterLiveness("prompt")
		stop := make(chan struct{})
		var n int
		done := make(chan struct{})
		go func() { prompt(h, stop, &n); close(done) }()
		time.Sleep(20*time.Second + time.Millisecond)
		synctest.Wait()
		close(stop)
		<-done
		if n != 21 {
			t.Errorf("prompt received %d ticks in 20 periods while the log hung, want 21", n)
		}
		close(release)
		c.Close()
	})
}

// TestReadinessAtRuntime: at boot readiness waits for first receives, but a
// component registered later does not take a ready catalog out of service.
func TestReadinessAtRuntime(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := NewCatalog(WithPeriod(time.Second))
		defer c.Close()
		stop := make(chan struct{})
		defer close(stop)
		var n1, n2 int
		a := c.RegisterLiveness("a")
		if c.Ready().Healthy {
			t.Fatal("ready at boot before the first receive was observed")
		}
		go prompt(a, stop, &n1)
		time.Sleep(time.Second)
		synctest.Wait()
		if !c.Ready().Healthy {
			t.Fatal("not ready after the first receive was observed")
		}
		b := c.RegisterReadiness("b")
		go prompt(b, stop, &n2)
		synctest.Wait()
		if !c.Ready().Healthy {
			t.Error("a new component took a ready catalog out of service")
		}
		if st, _ := stateOf(c, "b"); st.State != Starting {
			t.Errorf("new component is %v, want starting", st.State)
		}
	})
}

func TestClosedAnswers503(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := NewCatalog()
		c.Close()
		for _, st := range []Status{c.Live(), c.Ready(), c.Started()} {
			if st.Healthy || !st.Closed {
				t.Errorf("%v after Close: healthy=%v closed=%v", st.Probe, st.Healthy, st.Closed)
			}
		}
		if st := c.Status(Kind(0)); st.Healthy {
			t.Error("an invalid probe kind reports healthy")
		}
	})
}

// TestNamesArePathSegments: every accepted name is served at /live/NAME.
// http.ServeMux redirects a path with empty, "." or ".." segments, so such
// names are rejected; other names with a slash are fine.
func TestNamesArePathSegments(t *testing.T) {
	c := NewCatalog(WithPeriod(time.Hour), WithLogger(slog.New(slog.DiscardHandler)))
	defer c.Close()
	h := c.Handler()
	for _, bad := range []string{".", "..", "a//b", "a/../b", "a/./b", "./a", "a/..", "/a", "a/", "/"} {
		if _, err := c.Register(Liveness, bad); err == nil {
			t.Errorf("Register accepted %q; GET /live/%s answers %d", bad, bad, probe(t, h, "GET", "/live/"+bad).code)
		}
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("RegisterLiveness(%q) did not panic", bad)
				}
			}()
			c.RegisterLiveness(bad)
		}()
	}
	for _, good := range []string{"ns/poller", "a/b/c", ".hidden", "a..b", "...", "a./.b"} {
		if _, err := c.Register(Liveness, good); err != nil {
			t.Errorf("Register(%q): %v", good, err)
			continue
		}
		if a := probe(t, h, "GET", "/live/"+good); a.code != 200 || a.body["name"] != good {
			t.Errorf("GET /live/%s: %d %s", good, a.code, a.raw)
		}
	}
}
