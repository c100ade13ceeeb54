// Package loop calls the library on every tick.
package loop

import (
	"context"

	"example.com/x/lib"
	"github.com/ctxlint/ctxlint/runtime/health"
)

// Run checks on every tick.
func Run(c *lib.Client) {
	h := health.RegisterLiveness("compat")
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		_ = lib.CheckContext(ctx, c)
		cancel()
	}
}
