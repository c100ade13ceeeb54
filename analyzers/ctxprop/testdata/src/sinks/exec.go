package sinks

import (
	"context"
	"os/exec"

	"github.com/ctxlint/ctxlint/runtime/health"
)

// os/exec: a command runs under the context it was built with. One from
// exec.Command has none and is reported; one from exec.CommandContext with
// a bounded context is clean. So is one from a function value given that
// context (execCommand, which tests swap, set to exec.CommandContext); one
// from a function value given none is reported.
var (
	execCommand      = exec.CommandContext
	execCommandNoCtx = exec.Command
)

func command() {
	h := health.RegisterLiveness("disk-check")
	for {
		select {
		case deadline := <-h.C:
			exec.Command("df", "-h").Run() // want `"disk-check" \(liveness\): \(\*os/exec\.Cmd\)\.Run without the health deadline \(command built with exec\.Command\): command \(exec\.go:\d+\)`

			ctx, cancel := health.WithDeadline(context.Background(), deadline)
			exec.CommandContext(ctx, "df", "-h").Run()
			execCommand(ctx, "df", "-h").Run()
			execCommandNoCtx("df", "-h").Run() // want `"disk-check" \(liveness\): \(\*os/exec\.Cmd\)\.Run without the health deadline \(command returned by execCommandNoCtx\): command \(exec\.go:\d+\)`
			cancel()
		}
	}
}
