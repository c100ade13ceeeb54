// Package loop polls a source; it imports neither implementation.
package loop

import (
	"example.com/x/api"
	"github.com/ctxlint/ctxlint/runtime/health"
)

// Poll fetches on every tick.
func Poll(src api.Source) {
	h := health.RegisterLiveness("poll")
	for range h.C {
		v, err := src.Fetch("k")
		_, _ = v, err
	}
}
