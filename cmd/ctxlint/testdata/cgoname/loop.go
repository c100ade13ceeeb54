// Package cgoname has a loop whose path ends in a cgo file: go/packages and
// go vet compile cgo's output, whose //line directives map it back to
// resolve.go, and messages must name resolve.go.
package cgoname

import "github.com/ctxlint/ctxlint/runtime/health"

// Loop resolves on every tick.
func Loop() {
	h := health.RegisterLiveness("cgo")
	for range h.C {
		_ = resolve("a")
	}
}
