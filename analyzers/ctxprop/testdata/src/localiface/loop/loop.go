// Package loop calls module-local interfaces: one whose implementations
// all live in other modules (presumed blocking, like a call into them),
// one implemented in the module (analysed, and it blocks on nothing).
package loop

import (
	"context"

	"github.com/ctxlint/ctxlint/runtime/health"
	"localiface/store"
)

func Run(p *store.Provider, cache store.Cache) {
	h := health.RegisterLiveness("config")
	for deadline := range h.C {
		p.Client.Get(context.Background(), "k") // want `"config" \(liveness\): \(localiface/store.Backend\).Get without the health deadline \(context.Background\(\)\): ~Run \(loop.go:16\)`
		cache.Lookup(context.Background(), "k")

		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		p.Client.Get(ctx, "k")
		cancel()
	}
}
