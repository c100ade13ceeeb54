package cg

import "github.com/ctxlint/ctxlint/runtime/health"

// Loop resolves on every tick.
func Loop() {
	h := health.RegisterLiveness("cgo")
	for range h.C {
		_ = resolve("a")
	}
}
