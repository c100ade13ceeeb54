// want package:"dispatch value collector.unbounded.func1"

// Package stored: closures that capture a context derived in a monitored
// loop's iteration, stored in a field and called through it.
package stored

import (
	"context"
	"net"
	"time"

	"github.com/ctxlint/ctxlint/runtime/health"
)

func lookup(ctx context.Context) error { // want lookup:"reaches \\(\\*net.Resolver\\).LookupAddr under param 0 via lookup"
	_, err := net.DefaultResolver.LookupAddr(ctx, "127.0.0.1")
	return err
}

type collector struct {
	attempt, fallback func() error
}

// The stored closure's context is bounded by the range's deadline.
func (c *collector) ranged() {
	h := health.RegisterLiveness("ranged")
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		c.attempt = func() error { return lookup(ctx) }
		_ = c.attempt()
		cancel()
	}
}

// A context derived from Background alone: still reported.
func (c *collector) unbounded() {
	h := health.RegisterLiveness("unbounded")
	for range h.C {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		c.fallback = func() error { return lookup(ctx) }
		_ = c.fallback() // want `"unbounded" \(liveness\): \(\*net.Resolver\).LookupAddr without the health deadline \(context.Background\(\)`
		cancel()
	}
}
