package cg

import "github.com/ctxlint/ctxlint/runtime/health"

// Loop resolves and pings on every tick.
func Loop() {
	h := health.RegisterLiveness("cgo")
	for range h.C {
		_ = resolve("a")
		Ping()
	}
}
