// Package loop calls the library on every tick.
package loop

import (
	"example.com/x/lib"
	"github.com/ctxlint/ctxlint/runtime/health"
)

// Run checks on every tick.
func Run(c *lib.Client) {
	h := health.RegisterLiveness("compat")
	for range h.C {
		_ = lib.Check(c)
	}
}
