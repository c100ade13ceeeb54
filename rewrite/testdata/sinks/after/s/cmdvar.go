package s

import (
	"context"
	"os/exec"

	"github.com/ctxlint/ctxlint/runtime/health"
)

// execCommand builds the commands below, so that tests can swap in a fake:
// it becomes exec.CommandContext, and every function stored in it takes
// the context first.
var execCommand = exec.CommandContext

func runUptime(ctx context.Context) ([]byte, error) {
	cmd := execCommand(ctx, "uptime")
	return cmd.Output()
}

func runDate(ctx context.Context) ([]byte, error) { return execCommand(ctx, "date").Output() }

// Uptime runs both on every tick.
func Uptime() {
	h := health.RegisterLiveness("uptime")
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		_, _ = runUptime(ctx)
		_, _ = runDate(ctx)
		cancel()
	}
}
