// Package own has a health library of its own, whose ticks carry the
// deadline as a time.Time: the loop derives its context with
// context.WithDeadline.
package own

import (
	"net"
	"time"
)

// Handle is a health handle of another health library.
type Handle struct{ C <-chan time.Time }

//ctxlint:monitored
func loop(h *Handle) {
	for range h.C {
		_, _ = net.LookupHost("a")
	}
}
