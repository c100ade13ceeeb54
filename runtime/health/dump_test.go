package health

import (
	"log/slog"
	"strings"
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
