package health

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"
)

// stuckInRemoteCall stands for a loop blocked in a call without deadline.
func stuckInRemoteCall(release <-chan struct{}) { <-release }

func TestDumpOncePerTransition(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const period = time.Second
		rec, log := newRecorder(slog.LevelDebug)
		c := NewCatalog(WithPeriod(period), WithLogger(log), WithDump(DefaultDumpLimit, 100*period))
		defer c.Close()

		h := c.RegisterLiveness("poller")
		release := make(chan struct{})
		done := make(chan struct{})
		go func() {
			defer close(done)
			<-h.C
			stuckInRemoteCall(release)
			for range 3 { // recovers for a while
				<-h.C
			}
			stuckInRemoteCall(release)
		}()
		time.Sleep(10 * period)
		synctest.Wait()

		dumps := rec.find(msgDump)
		if len(dumps) != 1 {
			t.Fatalf("%d dumps while stuck for 10 periods, want 1", len(dumps))
		}
		stacks := dumps[0].attrs["stacks"].String()
		if !strings.Contains(stacks, "health.stuckInRemoteCall") {
			t.Errorf("dump does not show the stuck frame:\n%s", stacks)
		}
		if got := dumps[0].attrs["overdue"].String(); !strings.HasPrefix(got, "poller (liveness) by ") {
			t.Errorf("dump names %q", got)
		}
		if dumps[0].level != slog.LevelDebug {
			t.Errorf("dump at level %v", dumps[0].level)
		}

		// Recover, then get stuck again inside the rate limit: named, no stacks.
		release <- struct{}{}
		time.Sleep(6 * period)
		synctest.Wait()
		if n := len(rec.find(msgDump)); n != 1 {
			t.Errorf("%d dumps after a second failure inside the rate limit, want 1", n)
		}
		if n := len(rec.find(msgSkipped)); n != 1 {
			t.Errorf("%d skipped-dump notes, want 1", n)
		}
		if n := len(rec.find(msgMissed)); n != 2 {
			t.Errorf("%d failure warnings, want 2 (one per transition)", n)
		}
		if n := len(rec.find("health: components recovered")); n != 1 {
			t.Errorf("%d recovery notes, want 1", n)
		}
		c.Close()
		close(release)
		<-done
	})
}

func TestDumpCapAndLevel(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const period = time.Second
		rec, log := newRecorder(slog.LevelDebug)
		c := NewCatalog(WithPeriod(period), WithLogger(log), WithDump(512, 0))
		defer c.Close()
		c.RegisterLiveness("silent")
		time.Sleep(5 * period)
		synctest.Wait()
		dumps := rec.find(msgDump)
		if len(dumps) != 1 {
			t.Fatalf("%d dumps, want 1", len(dumps))
		}
		if n := len(dumps[0].attrs["stacks"].String()); n > 512 {
			t.Errorf("dump of %d bytes, cap 512", n)
		}
		if !dumps[0].attrs["truncated"].Bool() {
			t.Error("a capped dump is not marked truncated")
		}
	})
	synctest.Test(t, func(t *testing.T) {
		rec, log := newRecorder(slog.LevelInfo)
		c := NewCatalog(WithPeriod(time.Second), WithLogger(log))
		defer c.Close()
		c.RegisterLiveness("silent")
		time.Sleep(5 * time.Second)
		synctest.Wait()
		if len(rec.find(msgMissed)) != 1 || len(rec.find(msgDump)) != 0 {
			t.Errorf("above debug level: want the warning and no stacks, got %v", rec.records)
		}
	})
}

// heldHandler stands for a log sink that hangs until release is closed, then
// passes records on.
type heldHandler struct {
	release <-chan struct{}
	next    slog.Handler
}

func (h heldHandler) Enabled(ctx context.Context, l slog.Level) bool { return h.next.Enabled(ctx, l) }
func (h heldHandler) Handle(ctx context.Context, r slog.Record) error {
	<-h.release
	return h.next.Handle(ctx, r)
}
func (h heldHandler) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h heldHandler) WithGroup(string) slog.Handler      { return h }

// TestBlockedLogBounded: while the log sink hangs, components that keep
// flapping hold at most one pending transition each; once the sink is back,
// the latest transition of each is logged with how many were dropped.
func TestBlockedLogBounded(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const (
			components = 200
			checks     = 50
		)
		start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
		clock := &manualClock{now: start, c: make(chan time.Time)}
		release := make(chan struct{})
		rec, _ := newRecorder(slog.LevelInfo)
		c := NewCatalog(WithPeriod(time.Minute), WithClock(clock), WithDump(0, 0),
			WithLogger(slog.New(heldHandler{release, rec})))
		defer c.Close()
		unblock := sync.OnceFunc(func() { close(release) })
		defer unblock() // before Close, which waits for the reporter
		handles := make([]*Handle, components)
		for i := range handles {
			handles[i] = c.RegisterLiveness(fmt.Sprintf("flap-%03d", i))
		}
		// Check k receives before odd checks only: every check from the second
		// on turns each component unhealthy (k even) or healthy (k odd).
		now := start
		for k := 1; k <= checks; k++ {
			if k%2 == 1 {
				for _, h := range handles {
					<-h.C
				}
			}
			now = now.Add(time.Hour)
			clock.c <- now
			synctest.Wait() // the check is done; the reporter is stuck in the sink
			if n := heldTransitions(c); n > components {
				t.Fatalf("after check %d: %d transitions held for a blocked sink, want at most %d", k, n, components)
			}
		}
		// The reporter took the first batch (check 2: all failed) before it
		// blocked; checks 3..50 made 48 more per component, of which one each
		// is kept.
		unblock()
		synctest.Wait()
		dropped := rec.find(msgDropped)
		if len(dropped) != 1 {
			t.Fatalf("%d notes of dropped transitions, want 1", len(dropped))
		}
		if got, want := dropped[0].attrs["dropped"].Int64(), int64(components*(checks-3)); got != want {
			t.Errorf("dropped = %d, want %d", got, want)
		}
		// Check 50 failed them all: logged once each, after the first batch.
		missed := rec.find(msgMissed)
		if len(missed) != 2 {
			t.Fatalf("%d failure warnings, want 2", len(missed))
		}
		for i, m := range missed {
			if n := strings.Count(m.attrs["overdue"].String(), "(liveness)"); n != components {
				t.Errorf("failure warning %d names %d components, want %d", i, n, components)
			}
		}
		if n := len(rec.find(msgRecovered)); n != 0 {
			t.Errorf("%d recovery notes, want none: each component's latest transition is a failure", n)
		}
		if n := heldTransitions(c); n != 0 {
			t.Errorf("%d transitions still held after the sink came back", n)
		}
	})
}

// TestPendingLogLimit: transitions of components beyond the limit (names
// deregistered while the sink hangs) are counted, not kept.
func TestPendingLogLimit(t *testing.T) {
	var p pendingLog
	for i := range 1000 {
		p.add(transitions{failed: []overdue{{name: fmt.Sprintf("gone-%d", i), kind: Liveness}}}, 10)
	}
	p.add(transitions{recovered: []string{"gone-0"}}, 10) // held: replaced, not dropped
	if len(p.latest) != 10 {
		t.Errorf("%d components held, limit 10", len(p.latest))
	}
	got, dropped := p.take()
	if dropped != 991 || len(got.failed) != 9 || len(got.recovered) != 1 || got.recovered[0] != "gone-0" {
		t.Errorf("take: %d failed, recovered %v, %d dropped; want 9, [gone-0], 991", len(got.failed), got.recovered, dropped)
	}
	if _, dropped := p.take(); dropped != 0 || p.latest != nil {
		t.Error("take does not empty the pending log")
	}
}
