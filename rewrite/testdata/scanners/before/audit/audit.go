// Package audit checks one platform, the consul one, on its own loop.
package audit

import (
	"example.com/x/labels"
	"github.com/ctxlint/ctxlint/runtime/health"
)

// Run scans consul on each tick.
func Run(s *labels.ConsulScanner, out chan<- []*labels.Set) {
	h := health.RegisterLiveness("consul-audit")
	for range h.C {
		_ = s.Scan(out)
	}
}
