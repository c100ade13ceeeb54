// Package inventory refreshes the host inventory, labels included, on a
// loop of its own.
package inventory

import (
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
		case <-r.h.C:
			r.refresh(out)
		}
	}
}

func (r *Refresher) refresh(out chan<- []*labels.Set) {
	for _, s := range r.scanners {
		if err := s.Scan(out); err != nil {
			return
		}
	}
}
