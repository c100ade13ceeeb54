package health

import (
	"errors"
	"time"
)

// ErrNotRegistered is returned by [Handle.Deregister] for a handle that was
// already deregistered, or never registered.
var ErrNotRegistered = errors.New("health: component not registered")

// A Handle is a registered component.
type Handle struct {
	// C delivers ticks. Each value is the deadline before which the
	// component must receive from C again. C is never closed: after
	// Deregister it stays empty, so a loop still selecting on it blocks
	// instead of spinning on zero values.
	C <-chan time.Time

	name    string
	kind    Kind
	catalog *Catalog // nil for an inert handle
}

// Name returns the name the component is registered under, which differs
// from the requested one if that was taken.
func (h *Handle) Name() string { return h.name }

// Kind returns which probes the component counts for.
func (h *Handle) Kind() Kind { return h.kind }

// Deregister removes the component: it no longer counts for any probe and
// receives no more ticks. It is safe at any moment, concurrently with checks,
// probes and receives; a second call returns [ErrNotRegistered].
func (h *Handle) Deregister() error {
	if h == nil || h.catalog == nil {
		return ErrNotRegistered
	}
	return h.catalog.deregister(h)
}

// component is the catalog's side of a handle; guarded by Catalog.mu.
type component struct {
	handle  *Handle
	ch      chan time.Time
	timeout time.Duration

	pending  time.Time // deadline carried by the tick waiting in ch
	deadline time.Time // must receive before this
	lastRead time.Time
	state    State
}

// status reports the component as of the check at now.
func (c *component) status(now time.Time) ComponentStatus {
	s := ComponentStatus{
		Name: c.handle.name, Kind: c.handle.kind, State: c.state,
		LastRead: c.lastRead, Deadline: c.deadline,
	}
	if c.state == Unhealthy {
		s.Overdue = now.Sub(c.deadline)
	}
	if c.done() {
		s.Deadline = time.Time{}
	}
	return s
}

// done reports whether the component needs no more ticks: a startup
// component has started once its first receive is observed.
func (c *component) done() bool {
	return c.handle.kind == Startup && c.state == Healthy
}
