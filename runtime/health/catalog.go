package health

import (
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// ErrClosed is returned when registering with a closed [Catalog].
var ErrClosed = errors.New("health: catalog closed")

// A Catalog is a set of components checked by one ticker. The zero value is
// not usable: call [NewCatalog].
type Catalog struct {
	settings settings
	ticker   Ticker
	stop     chan struct{}
	done     chan struct{}
	once     sync.Once

	mu         sync.Mutex
	components map[string]*component
	lastCheck  time.Time
	closed     bool

	snap      atomic.Pointer[snapshot]
	everReady bool // guarded by mu; see ComponentStatus.passes

	reports  chan struct{} // wakes the reporter
	reported chan struct{} // closed when the reporter is done
	pending  pendingLog    // guarded by mu
	lastDump time.Time     // touched by the reporter only
}

// NewCatalog starts a catalog and its ticker. Close stops it. NewCatalog
// panics on an invalid option: options are fixed in code, so that is a bug.
func NewCatalog(opts ...Option) *Catalog {
	s := defaultSettings()
	if err := s.apply(opts, false); err != nil {
		panic(err)
	}
	now := s.clock.Now()
	c := &Catalog{
		settings:   s,
		ticker:     s.clock.NewTicker(s.period),
		stop:       make(chan struct{}),
		done:       make(chan struct{}),
		components: make(map[string]*component),
		lastCheck:  now,
		reports:    make(chan struct{}, 1),
		reported:   make(chan struct{}),
	}
	c.snap.Store(newSnapshot(now, nil, false))
	go c.run()
	go c.report()
	return c
}

// Period returns how often the catalog checks its components.
func (c *Catalog) Period() time.Duration { return c.settings.period }

// Close stops the ticker and the catalog's goroutines, after logging what
// is pending, and waits for them. Components stay registered but receive no
// more ticks, and every probe answers 503 "closed": nothing is monitored any
// more. Close is idempotent.
func (c *Catalog) Close() error {
	c.once.Do(func() {
		c.mu.Lock()
		c.closed = true
		c.snap.Store(closedSnapshot(c.settings.clock.Now()))
		c.mu.Unlock()
		close(c.stop)
	})
	<-c.done
	<-c.reported
	return nil
}

func (c *Catalog) run() {
	defer close(c.done)
	defer c.ticker.Stop()
	for {
		select {
		case now := <-c.ticker.C():
			c.check(now)
		case <-c.stop:
			return
		}
	}
}

// Register adds a component of the given kind. It fails on an invalid or
// taken name, an invalid option, or a closed catalog. A valid name can be
// used in a probe URL: no spaces, control characters or any of ,#?%&=+\",
// and, split at "/", no empty, "." or ".." segment ("ns/poller" is valid,
// "/a", "a//b" and "a/../b" are not).
func (c *Catalog) Register(kind Kind, name string, opts ...Option) (*Handle, error) {
	return c.register(kind, name, false, opts)
}

// RegisterLiveness registers a component that counts for liveness and
// readiness. A taken name gets a numeric suffix (see [Handle.Name]) and a
// warning; an invalid option or name (see [Catalog.Register]) panics; on a
// closed catalog the handle never ticks and an error is logged.
func (c *Catalog) RegisterLiveness(name string, opts ...Option) *Handle {
	return c.mustRegister(Liveness, name, opts)
}

// RegisterReadiness registers a component that counts for readiness, as
// [Catalog.RegisterLiveness] does for liveness.
func (c *Catalog) RegisterReadiness(name string, opts ...Option) *Handle {
	return c.mustRegister(Readiness, name, opts)
}

// RegisterStartup registers a component that counts for /startup until its
// first receive is observed, as [Catalog.RegisterLiveness] does for liveness.
func (c *Catalog) RegisterStartup(name string, opts ...Option) *Handle {
	return c.mustRegister(Startup, name, opts)
}

func (c *Catalog) mustRegister(kind Kind, name string, opts []Option) *Handle {
	h, err := c.register(kind, name, true, opts)
	switch {
	case errors.Is(err, ErrClosed):
		c.logger().Error("health: registering with a closed catalog: the component will never tick", "component", name)
		return &Handle{C: make(chan time.Time), name: name, kind: kind}
	case err != nil:
		panic(err)
	}
	if h.name != name {
		c.logger().Warn("health: component name taken, registered under another", "component", name, "registered_as", h.name)
	}
	return h
}

func (c *Catalog) register(kind Kind, name string, rename bool, opts []Option) (*Handle, error) {
	if kind < Liveness || kind > Startup {
		return nil, fmt.Errorf("health: invalid kind %d", kind)
	}
	if err := validName(name); err != nil {
		return nil, err
	}
	s := c.settings
	if err := s.apply(opts, true); err != nil {
		return nil, err
	}
	grace := s.grace
	if grace == 0 {
		grace = s.timeout()
	}
	now := c.settings.clock.Now()

	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return nil, ErrClosed
	}
	if _, taken := c.components[name]; taken {
		if !rename {
			return nil, fmt.Errorf("health: component %q already registered", name)
		}
		name = c.freeName(name)
	}
	ch := make(chan time.Time, 1)
	h := &Handle{C: ch, name: name, kind: kind, catalog: c}
	comp := &component{
		handle:   h,
		ch:       ch,
		timeout:  s.timeout(),
		deadline: now.Add(grace),
		state:    Starting,
	}
	// The first tick goes out now, so a loop that starts at once need not
	// wait for a check; its deadline is tied to the last check like all others.
	comp.pending = c.lastCheck.Add(comp.timeout)
	ch <- comp.pending
	c.components[name] = comp
	c.publishLocked(c.lastCheck)
	return h, nil
}

// validName rejects names that cannot be used in a probe's URL: empty,
// with spaces or control characters, with characters that URLs or
// ?exclude= lists give a meaning to, or with an empty, "." or ".." path
// segment, which http.ServeMux cleans away with a redirect from /live/NAME.
func validName(name string) error {
	if name == "" {
		return errors.New("health: empty component name")
	}
	for _, r := range name {
		if r <= ' ' || r == 0x7f || strings.ContainsRune(`,#?%&=+\"`, r) {
			return fmt.Errorf("health: component name %q: %q is not allowed", name, r)
		}
	}
	for seg := range strings.SplitSeq(name, "/") {
		if seg == "" || seg == "." || seg == ".." {
			return fmt.Errorf("health: component name %q: path segment %q is not allowed", name, seg)
		}
	}
	return nil
}

// freeName returns name-2, name-3, ... whichever is free.
func (c *Catalog) freeName(name string) string {
	for i := 2; ; i++ {
		n := fmt.Sprintf("%s-%d", name, i)
		if _, taken := c.components[n]; !taken {
			return n
		}
	}
}

func (c *Catalog) deregister(h *Handle) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	comp, ok := c.components[h.name]
	if !ok || comp.handle != h {
		return ErrNotRegistered
	}
	delete(c.components, h.name)
	select { // a stale tick would be a last, misleading deadline
	case <-comp.ch:
	default:
	}
	c.publishLocked(c.lastCheck)
	return nil
}

// check observes which components received since the last check, flags
// those past their deadline, and refreshes every tick. It never blocks on a
// component, so one that is stuck delays no other.
func (c *Catalog) check(now time.Time) {
	var t transitions

	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return
	}
	c.lastCheck = now
	for _, comp := range c.components {
		if comp.done() {
			continue
		}
		received := true
		select {
		case <-comp.ch: // the tick was still waiting: not received
			received = false
		default:
		}
		switch {
		case received:
			if comp.state == Unhealthy {
				t.recovered = append(t.recovered, comp.handle.name)
			}
			comp.state, comp.lastRead, comp.deadline = Healthy, now, comp.pending
		case !now.Before(comp.deadline) && comp.state != Unhealthy:
			comp.state = Unhealthy
			t.failed = append(t.failed, overdue{comp.handle.name, comp.handle.kind, now.Sub(comp.deadline)})
		}
		if comp.done() {
			continue
		}
		comp.pending = now.Add(comp.timeout)
		select {
		case comp.ch <- comp.pending:
		default: // unreachable: the catalog is the only sender and drained it
		}
	}
	c.publishLocked(now)
	if len(t.failed)+len(t.recovered) > 0 {
		t.at = now
		c.pending.add(t, len(c.components)+maxPendingGone)
		select { // logging, slow or not, never delays a check
		case c.reports <- struct{}{}:
		default:
		}
	}
	c.mu.Unlock()
}

// publishLocked replaces the snapshot probes read.
func (c *Catalog) publishLocked(now time.Time) {
	list := make([]ComponentStatus, 0, len(c.components))
	for _, comp := range c.components {
		list = append(list, comp.status(now))
	}
	slices.SortFunc(list, func(a, b ComponentStatus) int { return strings.Compare(a.Name, b.Name) })
	if !c.everReady {
		c.everReady = strictlyReady(list)
	}
	c.snap.Store(newSnapshot(now, list, c.everReady))
}

// strictlyReady reports whether some component counts for readiness and
// all that do have been observed receiving.
func strictlyReady(list []ComponentStatus) bool {
	any := false
	for _, c := range list {
		if c.counts(Readiness) {
			if c.State != Healthy {
				return false
			}
			any = true
		}
	}
	return any
}

// Status returns the answer of the probe of the given kind as of the last
// check.
func (c *Catalog) Status(probe Kind) Status { return c.snap.Load().status(probe, nil) }

// Live returns the liveness status as of the last check.
func (c *Catalog) Live() Status { return c.Status(Liveness) }

// Ready returns the readiness status as of the last check.
func (c *Catalog) Ready() Status { return c.Status(Readiness) }

// Started returns the startup status as of the last check.
func (c *Catalog) Started() Status { return c.Status(Startup) }

func (c *Catalog) logger() *slog.Logger {
	if c.settings.logger != nil {
		return c.settings.logger
	}
	return slog.Default()
}
