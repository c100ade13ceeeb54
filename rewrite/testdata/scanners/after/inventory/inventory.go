// Package inventory refreshes the host inventory, labels included, on a
// loop of its own.
package inventory

import (
	"context"

	"example.com/x/labels"
	"github.com/ctxlint/ctxlint/runtime/health"
)

// Refresher refreshes the inventory.
type Refresher struct {
	scanners []labels.Scanner
	h        *health.Handle
}

// New builds a refresher over every scanner.
func New() *Refresher {
	return &Refresher{scanners: labels.Scanners(), h: health.RegisterReadiness("inventory")}
}

// Loop refreshes on each tick.
func (r *Refresher) Loop(out chan<- []*labels.Set) {
	for {
		select {
		case deadline := <-r.h.C:
			ctx, cancel := health.WithDeadline(context.Background(), deadline)
			r.refresh(ctx, out)
			cancel()
		}
	}
}

func (r *Refresher) refresh(ctx context.Context, out chan<- []*labels.Set) {
	for _, s := range r.scanners {
		if err := s.Scan(ctx, out); err != nil {
			return
		}
	}
}
