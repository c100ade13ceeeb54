// Package shadow declares its own "context": the context package must be
// imported under another name.
package shadow

import (
	stdcontext "context"
	"net"

	"github.com/ctxlint/ctxlint/runtime/health"
)

// context is this package's notion of a request context.
type context struct{ name string }

func resolve(ctx stdcontext.Context, c context) error {
	_, err := net.DefaultResolver.LookupHost(ctx, c.name)
	return err
}

// Loop resolves on every tick.
func Loop() {
	h := health.RegisterLiveness("shadow")
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(stdcontext.Background(), deadline)
		_ = resolve(ctx, context{name: "a"})
		cancel()
	}
}
