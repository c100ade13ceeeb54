// Package audit checks one platform, the consul one, on its own loop.
package audit

import (
	"context"

	"example.com/x/labels"
	"github.com/ctxlint/ctxlint/runtime/health"
)

// Run scans consul on each tick.
func Run(s *labels.ConsulScanner, out chan<- []*labels.Set) {
	h := health.RegisterLiveness("consul-audit")
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		_ = s.Scan(ctx, out)
		cancel()
	}
}
