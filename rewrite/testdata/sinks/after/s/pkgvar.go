package s

import (
	"context"
	"os/exec"

	"github.com/ctxlint/ctxlint/runtime/health"
)

// runTrue is a package variable holding a literal that builds and runs a
// command: no declaration is around the call.
var runTrue = func(ctx context.Context) error {
	cmd := exec.CommandContext(ctx, "true")
	return cmd.Run()
}

// Run runs it on every tick.
func Run() {
	h := health.RegisterLiveness("run")
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		_ = runTrue(ctx)
		cancel()
	}
}
