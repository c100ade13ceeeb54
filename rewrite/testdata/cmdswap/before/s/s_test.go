package s

import (
	"os/exec"
	"testing"
)

func fakeCommand(name string, args ...string) *exec.Cmd { return exec.Command("echo", "up") }

func TestUptime(t *testing.T) {
	runCommand = fakeCommand
	defer func() { runCommand = exec.Command }()
	if uptime() == "" {
		t.Error("no uptime")
	}
}
