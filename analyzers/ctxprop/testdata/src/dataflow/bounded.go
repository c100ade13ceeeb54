package dataflow

import (
	"context"
	"time"

	"github.com/ctxlint/ctxlint/runtime/health"
)

type traceKey struct{}

// health.WithDeadline with the received deadline is the canonical bounded
// context, whatever its parent; what is derived from it with WithValue or
// WithCancel stays bounded.
func healthDeadline(parent context.Context) {
	h := health.RegisterLiveness("health-deadline")
	for {
		select {
		case deadline := <-h.C:
			ctx, cancel := health.WithDeadline(parent, deadline)
			dialer.DialContext(ctx, "tcp", "db:5432")

			traced := context.WithValue(ctx, traceKey{}, "iteration")
			dialer.DialContext(traced, "tcp", "db:5432")

			child, cancelChild := context.WithCancel(traced)
			dialer.DialContext(child, "tcp", "db:5432")
			cancelChild()
			cancel()
		}
	}
}

// context.WithDeadline and context.WithTimeout are bounded when their
// deadline is computed from the tick, whatever the parent: here
// context.Background() and a parameter of the loop's function.
func stdlibDeadline(parent context.Context) {
	h := health.RegisterLiveness("stdlib-deadline")
	for {
		select {
		case deadline := <-h.C:
			ctx, cancel := context.WithDeadline(context.Background(), deadline)
			dialer.DialContext(ctx, "tcp", "db:5432")
			cancel()

			ctx2, cancel2 := context.WithTimeout(parent, time.Until(deadline))
			dialer.DialContext(ctx2, "tcp", "db:5432")
			cancel2()
		}
	}
}

// The loop's own context parameter is fine once the tick's deadline is
// applied to it.
func (c *collector) runBounded(ctx context.Context) {
	for {
		select {
		case deadline := <-c.health.C:
			ctx, cancel := health.WithDeadline(ctx, deadline)
			dialer.DialContext(ctx, "tcp", "db:5432")
			cancel()
		}
	}
}
