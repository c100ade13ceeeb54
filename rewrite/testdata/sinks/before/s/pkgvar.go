package s

import (
	"os/exec"

	"github.com/ctxlint/ctxlint/runtime/health"
)

// runTrue is a package variable holding a literal that builds and runs a
// command: no declaration is around the call.
var runTrue = func() error {
	cmd := exec.Command("true")
	return cmd.Run()
}

// Run runs it on every tick.
func Run() {
	h := health.RegisterLiveness("run")
	for range h.C {
		_ = runTrue()
	}
}
