// Package tg has functions on a path that build-tagged files call or
// declare again: those sets are refused, naming the file, and the other
// paths are rewritten.
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

// query shares its name with a method that windows.go calls: that call
// is not a call of query, which is rewritten.
func query(ctx context.Context, addr string) error {
	_, err := net.DefaultResolver.LookupPort(ctx, "tcp", addr)
	return err
}

// Loop resolves and dials on every tick.
func Loop() {
	h := health.RegisterLiveness("tagged")
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		_ = resolve("a")
		_ = dial(ctx, "b:1")
		_ = query(ctx, "c")
		_ = lookup("d")
		cancel()
	}
}
