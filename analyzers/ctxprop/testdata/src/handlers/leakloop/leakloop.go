// Package leakloop calls what leak lets out.
package leakloop

import (
	"handlers/leak"

	"github.com/ctxlint/ctxlint/runtime/health"
)

func Leaked() {
	h := health.RegisterLiveness("leaked")
	for range h.C {
		_ = leak.Get("leak")(1) // want `"leaked" \(liveness\): net/http.Get without the health deadline`
	}
}
