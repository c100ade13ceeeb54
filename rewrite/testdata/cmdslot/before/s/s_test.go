package s

import (
	"context"
	"os/exec"
	"testing"
)

// testConn calls the callback itself.
type testConn struct{}

func (testConn) Walk(ctx context.Context, fn func(name string) error) error { return fn("a") }

// The tests' fake takes the context and ignores it.
func init() {
	execCommand = func(ctx context.Context, name string, args ...string) *exec.Cmd { return exec.Command("true") }
}

func TestWalk(t *testing.T) { _ = walk(t.Context(), testConn{}) }
