// Package status registers handles that other packages' loops read: a
// package-level variable, a getter and a struct field set in a
// constructor. Facts carry the names to them.
package status

import (
	"fmt"

	"github.com/ctxlint/ctxlint/runtime/health"
)

var Poller = health.RegisterReadiness("status-" + "poller") // want Poller:"handle \"status-poller\" \\(readiness\\)"

func Get() *health.Handle { return Poller } // want Get:"handle \"status-poller\" \\(readiness\\)"

type Forwarder struct {
	Health *health.Handle // want Health:"handle \"forwarder-<i>\" \\(liveness\\)"
}

func NewForwarder(i int) *Forwarder {
	return &Forwarder{Health: health.RegisterLiveness(fmt.Sprintf("forwarder-%d", i))}
}
