package s

import (
	"context"
	"os/exec"
	"testing"
)

func fakeExecCommand(ctx context.Context, name string, args ...string) *exec.Cmd {
	return exec.Command("echo", append([]string{name}, args...)...)
}

func TestUptime(t *testing.T) {
	execCommand = fakeExecCommand
	defer func() { execCommand = exec.CommandContext }()
	if _, err := runUptime(t.Context()); err != nil {
		t.Fatal(err)
	}
}

func TestDate(t *testing.T) {
	defer func(ec func(context.Context, string, ...string) *exec.Cmd) { execCommand = ec }(execCommand)
	execCommand = func(ctx context.Context, _ string, _ ...string) *exec.Cmd { return exec.Command("true") }
	if _, err := runDate(t.Context()); err != nil {
		t.Fatal(err)
	}
}
