package s

import (
	"os/exec"

	"github.com/ctxlint/ctxlint/runtime/health"
)

// execCommand builds the commands below, so that tests can swap in a fake:
// it becomes exec.CommandContext, and every function stored in it takes
// the context first.
var execCommand = exec.Command

func runUptime() ([]byte, error) {
	cmd := execCommand("uptime")
	return cmd.Output()
}

func runDate() ([]byte, error) { return execCommand("date").Output() }

// Uptime runs both on every tick.
func Uptime() {
	h := health.RegisterLiveness("uptime")
	for range h.C {
		_, _ = runUptime()
		_, _ = runDate()
	}
}
