package health

import (
	"context"
	"log/slog"
	"runtime"
	"strings"
	"time"
)

// overdue names a component that turned unhealthy, and by how much.
type overdue struct {
	name string
	kind Kind
	by   time.Duration
}

func (o overdue) String() string { return o.name + " (" + o.kind.String() + ") by " + o.by.String() }

// transitions are what checks found for the reporter to log.
type transitions struct {
	at        time.Time
	failed    []overdue
	recovered []string
}

// merge adds t to what is pending; the later check's time wins.
func (p *transitions) merge(t transitions) {
	p.at = t.at
	p.failed = append(p.failed, t.failed...)
	p.recovered = append(p.recovered, t.recovered...)
}

// report logs transitions on its own goroutine, so that a slow log sink
// or a large dump never delays a check.
func (c *Catalog) report() {
	defer close(c.reported)
	for {
		stopping := false
		select {
		case <-c.reports:
		case <-c.done:
			stopping = true
		}
		c.mu.Lock()
		t := c.pending
		c.pending = transitions{}
		c.mu.Unlock()
		if len(t.failed)+len(t.recovered) > 0 {
			c.reportTransitions(t.at, t.failed, t.recovered)
		}
		if stopping {
			return
		}
	}
}

// reportTransitions logs components that turned unhealthy or recovered at
// the check at now. On a failure it also logs the stacks of all goroutines
// at debug level: where a loop is stuck is what the on-call engineer needs,
// and after a restart it is gone.
func (c *Catalog) reportTransitions(now time.Time, failed []overdue, recovered []string) {
	log := c.logger()
	if len(recovered) > 0 {
		log.Info("health: components recovered", "components", recovered)
	}
	if len(failed) == 0 {
		return
	}
	names := make([]string, len(failed))
	for i, f := range failed {
		names[i] = f.String()
	}
	summary := strings.Join(names, ", ")
	log.Warn("health: components missed their deadline", "overdue", summary)

	ctx := context.Background()
	if c.settings.dumpLimit == 0 || !log.Enabled(ctx, slog.LevelDebug) {
		return
	}
	if !c.lastDump.IsZero() && now.Sub(c.lastDump) < c.settings.dumpInterval {
		log.Debug("health: goroutine dump skipped: rate-limited",
			"overdue", summary, "last_dump_ago", now.Sub(c.lastDump).String(), "min_interval", c.settings.dumpInterval.String())
		return
	}
	c.lastDump = now
	stacks, truncated := goroutineStacks(c.settings.dumpLimit)
	log.Debug("health: goroutine dump", "overdue", summary, "truncated", truncated, "stacks", stacks)
}

// goroutineStacks returns the stacks of all goroutines, cut at limit bytes.
func goroutineStacks(limit int) (stacks string, truncated bool) {
	buf := make([]byte, limit+1) // one more byte tells a full dump from a cut one
	n := runtime.Stack(buf, true)
	if n > limit {
		return string(buf[:limit]), true
	}
	return string(buf[:n]), false
}
