// Package loop keeps handlers of the same type as base's. Calling its own
// runs only its own (base's could not be in its map); calling base's goes
// through base.Handle.
package loop

import (
	"handlers/base"

	"github.com/ctxlint/ctxlint/runtime/health"
)

var local = map[string]func(int) error{
	"quiet": func(n int) error { return nil },
}

// Quiet calls its own handler, which does nothing remote.
func Quiet() {
	h := health.RegisterLiveness("quiet")
	for range h.C {
		if f, ok := local["quiet"]; ok {
			_ = f(1)
		}
	}
}

// Remote goes through base.Handle.
func Remote() {
	h := health.RegisterLiveness("remote")
	for range h.C {
		_ = base.Handle("remote", 1) // want `Remote \(loop.go:30\) → ~Handle \(base.go:30\) → fetch` `Remote \(loop.go:30\) → ~Handle \(base.go:30\) → init.func1`
	}
}
