// Package s runs a command through a slot the tests replace: the
// rewrite swaps exec.Command for exec.CommandContext there, and the
// tests' fake gains the context. The call graph of the rewritten program
// runs exec.CommandContext where it ran exec.Command (TestCarriedCallGraph).
package s

import (
	"os/exec"

	"github.com/ctxlint/ctxlint/runtime/health"
)

var runCommand = exec.Command

func uptime() string {
	out, err := runCommand("uptime").Output()
	if err != nil {
		return ""
	}
	return string(out)
}

// Loop reads the uptime on every tick.
func Loop() {
	h := health.RegisterLiveness("uptime")
	for range h.C {
		println(uptime())
	}
}
