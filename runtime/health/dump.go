package health

import (
	"context"
	"log/slog"
	"runtime"
	"slices"
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

// transitions are what one check found, or what the reporter logs at once.
type transitions struct {
	at        time.Time
	failed    []overdue
	recovered []string
}

// maxPendingGone is how many transitions of components no longer registered
// the pending log keeps, beyond one per registered component.
const maxPendingGone = 256

// pendingLog holds the transitions checks found until the reporter logs
// them. It keeps only the latest transition of each component and counts
// the others as dropped, so a hung log sink under flapping components costs
// memory bounded by the number of components, not by how long it hangs.
type pendingLog struct {
	at      time.Time // of the latest check that found transitions
	latest  map[string]transition
	dropped int
}

// transition is a component's latest: a failure, or a recovery (by unset).
type transition struct {
	overdue
	failed bool
}

// add merges the transitions of the check at t.at. limit caps the
// components held: a transition of a component not yet held is dropped
// past it (only components deregistered since the reporter last caught up
// can get there).
func (p *pendingLog) add(t transitions, limit int) {
	if p.latest == nil {
		p.latest = make(map[string]transition)
	}
	p.at = t.at
	keep := func(tr transition) {
		if _, held := p.latest[tr.name]; held {
			p.dropped++ // superseded by its newer transition
		} else if len(p.latest) >= limit {
			p.dropped++
			return
		}
		p.latest[tr.name] = tr
	}
	for _, o := range t.failed {
		keep(transition{o, true})
	}
	for _, name := range t.recovered {
		keep(transition{overdue{name: name}, false})
	}
}

// take empties the pending log, returning its transitions sorted by name
// and how many were dropped.
func (p *pendingLog) take() (t transitions, dropped int) {
	t.at, dropped = p.at, p.dropped
	for _, tr := range p.latest {
		if tr.failed {
			t.failed = append(t.failed, tr.overdue)
		} else {
			t.recovered = append(t.recovered, tr.name)
		}
	}
	slices.SortFunc(t.failed, func(a, b overdue) int { return strings.Compare(a.name, b.name) })
	slices.Sort(t.recovered)
	*p = pendingLog{} // let a burst's maps go
	return t, dropped
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
		t, dropped := c.pending.take()
		c.mu.Unlock()
		if dropped > 0 {
			c.logger().Warn("health: log sink fell behind: transitions dropped", "dropped", dropped,
				"kept", "the latest transition of each component")
		}
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
