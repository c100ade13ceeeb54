// Package a holds the loops; the sinks are three packages down.
package a

import (
	"context"

	"chain/b"
	"github.com/ctxlint/ctxlint/runtime/health"
)

// threaded passes the tick's deadline down three packages: clean.
func threaded(parent context.Context) {
	h := health.RegisterLiveness("threaded")
	for {
		select {
		case deadline := <-h.C:
			ctx, cancel := health.WithDeadline(parent, deadline)
			b.Fetch(ctx)
			cancel()
		case <-parent.Done():
			return
		}
	}
}

// lossy's context is dropped two packages down.
func lossy(parent context.Context) {
	h := health.RegisterLiveness("lossy")
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(parent, deadline)
		b.Lossy(ctx) // want `"lossy" \(liveness\): \(\*net/http.Client\).Do without the health deadline \(context.TODO\(\)\): lossy \(a.go:31\) → Lossy \(b.go:16\) → Detour \(c.go:16\) → Do \(d.go:14\)`
		cancel()
	}
}

// recursing reaches a sink through mutual recursion in another package.
func recursing() {
	h := health.RegisterLiveness("recursing")
	for range h.C {
		b.Pong(3) // want `"recursing" \(liveness\): net/http.Get .*: recursing \(a.go:40\) → Pong \(b.go:28\) → Ping \(b.go:24\) → Legacy \(d.go:20\)`
	}
}
