// want package:"dispatch value unbounded.func1"

// Package background: a closure passed to a helper that calls it, whose
// captured context has a deadline of its own on context.Background(), not
// the tick's. The helper's call of its parameter runs what its callers
// pass, in place: it reaches nothing of its own.
package background

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

func retry(fn func() error) error {
	var err error
	for range 3 {
		if err = fn(); err == nil {
			return nil
		}
	}
	return err
}

func unbounded() {
	h := health.RegisterLiveness("unbounded")
	for range h.C {
		ctx, cancel := health.WithDeadline(context.Background(), time.Now().Add(time.Second))
		_ = retry(func() error { return lookup(ctx) }) // want `"unbounded" \(liveness\): \(\*net.Resolver\).LookupAddr without the health deadline \(context.Background\(\); health.WithDeadline at background.go:35 exists but is not the loop's deadline\)`
		cancel()
	}
}
