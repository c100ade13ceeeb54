// Package sweep runs every scanner on each health tick.
package sweep

import (
	"context"

	"example.com/x/labels"
	"github.com/ctxlint/ctxlint/runtime/health"
)

// Run scans with every scanner on each tick.
func Run(out chan<- []*labels.Set) {
	h := health.RegisterLiveness("label-sweep")
	ss := labels.Scanners()
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		for _, s := range ss {
			_ = s.Scan(ctx, out)
		}
		cancel()
	}
}
