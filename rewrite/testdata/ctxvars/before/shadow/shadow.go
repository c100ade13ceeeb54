// Package shadow declares its own "context": the context package must be
// imported under another name.
package shadow

import (
	"net"

	"github.com/ctxlint/ctxlint/runtime/health"
)

// context is this package's notion of a request context.
type context struct{ name string }

func resolve(c context) error {
	_, err := net.LookupHost(c.name)
	return err
}

// Loop resolves on every tick.
func Loop() {
	h := health.RegisterLiveness("shadow")
	for range h.C {
		_ = resolve(context{name: "a"})
	}
}
