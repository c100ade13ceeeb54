// Package gen calls into a generated file: a generated client that takes a
// context gets the threaded one; a generated function without one is
// refused (generated files are never edited).
package gen

import (
	"context"

	"github.com/ctxlint/ctxlint/runtime/health"
)

func greet(ctx context.Context, c *GreeterClient) error { return c.SayHello(ctx, "x") }

// Loop greets on every tick.
func Loop(c *GreeterClient) {
	h := health.RegisterLiveness("greeter")
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		_ = greet(ctx, c)
		_ = Legacy("http://a")
		cancel()
	}
}
