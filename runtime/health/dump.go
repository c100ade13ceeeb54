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
	buf := make([]byte, limit)
	n := runtime.Stack(buf, true)
	return string(buf[:n]), n == len(buf)
}
