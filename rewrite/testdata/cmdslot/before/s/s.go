// Package s is migrated already: execCommand takes the context, and the
// loop's deadline reaches walk and its callback. The program's Conn walks
// through a library that takes the callback; the tests' Conn calls it
// itself, and the tests' execCommand ignores the context. A dial with no
// context form is left on the path (refused), so that a run plans the
// package again.
package s

import (
	"context"
	"net"
	"os/exec"

	"github.com/ctxlint/ctxlint/runtime/health"
)

var execCommand = exec.CommandContext

// A Conn walks a tree, calling fn on each name.
type Conn interface {
	Walk(ctx context.Context, fn func(name string) error) error
}

type unixConn struct{ path string }

func (c unixConn) Walk(ctx context.Context, fn func(name string) error) error {
	conn, err := net.DialUnix("unix", nil, &net.UnixAddr{Name: c.path, Net: "unix"})
	if err != nil {
		return err
	}
	return conn.Close()
}

var dial = func() Conn { return unixConn{"/run/agent.sock"} }

func translate(ctx context.Context, name string) ([]byte, error) {
	return execCommand(ctx, "translate", name).Output()
}

func walk(ctx context.Context, c Conn) error {
	return c.Walk(ctx, func(name string) error {
		_, err := translate(ctx, name)
		return err
	})
}

// Loop walks on every tick, under its deadline.
func Loop() {
	h := health.RegisterLiveness("walker")
	c := dial()
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		_ = walk(ctx, c)
		cancel()
	}
}
