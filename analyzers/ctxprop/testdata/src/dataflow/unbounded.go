// Package dataflow documents how ctxprop decides whether the context a
// blocking call runs under is bounded by the monitored loop's health
// deadline, and how the report explains why it is not.
//
// Every example dials with (*net.Dialer).DialContext, which runs under its
// context argument.
package dataflow

import (
	"context"
	"net"
	"time"

	"github.com/ctxlint/ctxlint/runtime/health"
)

var dialer net.Dialer

// context.Background() and context.TODO() are never bounded; each is named
// in the report.
func rootContexts() {
	h := health.RegisterLiveness("root-contexts")
	for {
		select {
		case <-h.C:
			dialer.DialContext(context.Background(), "tcp", "db:5432") // want `"root-contexts" \(liveness\): \(\*net\.Dialer\)\.DialContext without the health deadline \(context\.Background\(\)\): rootContexts \(unbounded\.go:\d+\)`
			dialer.DialContext(context.TODO(), "tcp", "db:5432")       // want `"root-contexts" \(liveness\): \(\*net\.Dialer\)\.DialContext without the health deadline \(context\.TODO\(\)\): rootContexts \(unbounded\.go:\d+\)`
		}
	}
}

// context.WithCancel adds no deadline: the result is as unbounded as its
// parent, and the report names the parent.
func cancelOfBackground() {
	h := health.RegisterLiveness("cancel-of-background")
	for {
		select {
		case <-h.C:
			ctx, cancel := context.WithCancel(context.Background())
			dialer.DialContext(ctx, "tcp", "db:5432") // want `"cancel-of-background" \(liveness\): \(\*net\.Dialer\)\.DialContext without the health deadline \(context\.Background\(\)\)`
			cancel()
		}
	}
}

// context.WithoutCancel drops the deadline of a context that had the
// loop's.
func withoutCancel() {
	h := health.RegisterLiveness("without-cancel")
	for {
		select {
		case deadline := <-h.C:
			ctx, cancel := health.WithDeadline(context.Background(), deadline)
			detached := context.WithoutCancel(ctx)
			dialer.DialContext(detached, "tcp", "db:5432") // want `"without-cancel" \(liveness\): \(\*net\.Dialer\)\.DialContext without the health deadline \(context\.WithoutCancel drops the deadline\)`
			cancel()
		}
	}
}

// A context kept in a struct field lives as long as the struct, not one
// iteration.
type shipper struct {
	ctx    context.Context
	health *health.Handle
}

func newShipper(ctx context.Context) *shipper {
	return &shipper{ctx: ctx, health: health.RegisterLiveness("shipper")}
}

func (s *shipper) run() {
	for {
		select {
		case <-s.health.C:
			dialer.DialContext(s.ctx, "tcp", "intake:443") // want `"shipper" \(liveness\): \(\*net\.Dialer\)\.DialContext without the health deadline \(context kept in struct field s\.ctx\): shipper\.run \(unbounded\.go:\d+\)`
		}
	}
}

// A timeout of its own, not taken from the tick, bounds the call, but not
// by the loop's deadline: the report says where it is set.
func ownTimeout() {
	h := health.RegisterLiveness("own-timeout")
	for {
		select {
		case <-h.C:
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			dialer.DialContext(ctx, "tcp", "db:5432") // want `"own-timeout" \(liveness\): \(\*net\.Dialer\)\.DialContext without the health deadline \(context\.Background\(\); context\.WithTimeout at unbounded\.go:\d+ exists but is not the loop's deadline\)`
			cancel()
		}
	}
}

// The loop function's own context parameter lives as long as its caller
// chooses, not until the tick's deadline.
type collector struct{ health *health.Handle }

func (c *collector) run(ctx context.Context) {
	for {
		select {
		case <-c.health.C:
			dialer.DialContext(ctx, "tcp", "db:5432") // want `component of c\.health \(health\): \(\*net\.Dialer\)\.DialContext without the health deadline \(its context comes from the caller of collector\.run, not from the health tick\): collector\.run \(unbounded\.go:\d+\)`
		case <-ctx.Done():
			return
		}
	}
}
