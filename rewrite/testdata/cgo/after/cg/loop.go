package cg

import (
	"context"

	"github.com/ctxlint/ctxlint/runtime/health"
)

// Loop resolves and pings on every tick.
func Loop() {
	h := health.RegisterLiveness("cgo")
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		_ = resolve(ctx, "a")
		Ping()
		cancel()
	}
}
