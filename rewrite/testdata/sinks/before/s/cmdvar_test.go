package s

import (
	"os/exec"
	"testing"
)

func fakeExecCommand(name string, args ...string) *exec.Cmd {
	return exec.Command("echo", append([]string{name}, args...)...)
}

func TestUptime(t *testing.T) {
	execCommand = fakeExecCommand
	defer func() { execCommand = exec.Command }()
	if _, err := runUptime(); err != nil {
		t.Fatal(err)
	}
}

func TestDate(t *testing.T) {
	defer func(ec func(string, ...string) *exec.Cmd) { execCommand = ec }(execCommand)
	execCommand = func(_ string, _ ...string) *exec.Cmd { return exec.Command("true") }
	if _, err := runDate(); err != nil {
		t.Fatal(err)
	}
}
