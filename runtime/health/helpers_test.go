package health

import (
	"context"
	"log/slog"
	"sync"
	"time"
)

// logRecord is what recorder keeps of one log call.
type logRecord struct {
	at    time.Time
	level slog.Level
	msg   string
	attrs map[string]slog.Value
}

// recorder is a slog.Handler that keeps records for assertions.
type recorder struct {
	mu      sync.Mutex
	level   slog.Level
	records []logRecord
}

func newRecorder(level slog.Level) (*recorder, *slog.Logger) {
	r := &recorder{level: level}
	return r, slog.New(r)
}

func (r *recorder) Enabled(_ context.Context, l slog.Level) bool { return l >= r.level }
func (r *recorder) WithAttrs([]slog.Attr) slog.Handler           { return r }
func (r *recorder) WithGroup(string) slog.Handler                { return r }

func (r *recorder) Handle(_ context.Context, rec slog.Record) error {
	attrs := map[string]slog.Value{}
	rec.Attrs(func(a slog.Attr) bool { attrs[a.Key] = a.Value; return true })
	r.mu.Lock()
	defer r.mu.Unlock()
	r.records = append(r.records, logRecord{at: time.Now(), level: rec.Level, msg: rec.Message, attrs: attrs})
	return nil
}

// find returns the records whose message is msg.
func (r *recorder) find(msg string) []logRecord {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []logRecord
	for _, rec := range r.records {
		if rec.msg == msg {
			out = append(out, rec)
		}
	}
	return out
}

const (
	msgMissed    = "health: components missed their deadline"
	msgDump      = "health: goroutine dump"
	msgSkipped   = "health: goroutine dump skipped: rate-limited"
	msgRecovered = "health: components recovered"
	msgDropped   = "health: log sink fell behind: transitions dropped"
)

// heldTransitions returns how many transitions wait for the reporter.
func heldTransitions(c *Catalog) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.pending.latest)
}

// prompt runs a loop that receives every tick at once until stop closes,
// counting receives.
func prompt(h *Handle, stop <-chan struct{}, received *int) {
	for {
		select {
		case <-h.C:
			*received++
		case <-stop:
			return
		}
	}
}

// stateOf returns the named component's status from the catalog.
func stateOf(c *Catalog, name string) (ComponentStatus, bool) {
	snap := c.snap.Load()
	i, ok := snap.byName[name]
	if !ok {
		return ComponentStatus{}, false
	}
	return snap.components[i], true
}
