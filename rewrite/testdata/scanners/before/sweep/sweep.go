// Package sweep runs every scanner on each health tick.
package sweep

import (
	"example.com/x/labels"
	"github.com/ctxlint/ctxlint/runtime/health"
)

// Run scans with every scanner on each tick.
func Run(out chan<- []*labels.Set) {
	h := health.RegisterLiveness("label-sweep")
	ss := labels.Scanners()
	for range h.C {
		for _, s := range ss {
			_ = s.Scan(out)
		}
	}
}
