// Package tg has a function on a path that a build-tagged file calls: the
// set is refused, naming the file, and the other path is rewritten.
package tg

import (
	"context"
	"net"

	"github.com/ctxlint/ctxlint/runtime/health"
)

func resolve(name string) error {
	_, err := net.LookupHost(name)
	return err
}

func dial(ctx context.Context, addr string) error {
	c, err := (&net.Dialer{}).DialContext(ctx, "tcp", addr)
	if err != nil {
		return err
	}
	return c.Close()
}

// Loop resolves and dials on every tick.
func Loop() {
	h := health.RegisterLiveness("tagged")
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		_ = resolve("a")
		_ = dial(ctx, "b:1")
		cancel()
	}
}
