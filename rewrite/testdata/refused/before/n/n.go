// Package n has a handle whose ticks carry no deadline: the loop is
// refused and, without -fix.todo, nothing under it changes.
package n

import "net"

// Handle is a health handle of another health library.
type Handle struct{ C chan struct{} }

//ctxlint:monitored
func loop(h *Handle) {
	for range h.C {
		_, _ = net.LookupHost("a")
	}
}
