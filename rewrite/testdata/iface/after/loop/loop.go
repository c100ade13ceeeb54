// Package loop polls a source; it imports neither implementation.
package loop

import (
	"context"

	"example.com/x/api"
	"github.com/ctxlint/ctxlint/runtime/health"
)

// Poll fetches on every tick.
func Poll(src api.Source) {
	h := health.RegisterLiveness("poll")
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		v, err := src.Fetch(ctx, "k")
		_, _ = v, err
		cancel()
	}
}
