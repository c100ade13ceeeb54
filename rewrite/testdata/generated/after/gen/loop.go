// Package gen calls into a generated file: a generated client that takes a
// context gets the threaded one (a generic one, once instantiated with a
// context); a generated function without one is refused (generated files
// are never edited).
package gen

import (
	"context"

	"github.com/ctxlint/ctxlint/runtime/health"
)

func greet(ctx context.Context, c *GreeterClient) error { return c.SayHello(ctx, "x") }

func greetTyped(ctx context.Context, c *Typed[context.Context]) error { return c.Say(ctx, "x") }

// Loop greets on every tick.
func Loop(c *GreeterClient, t *Typed[context.Context]) {
	h := health.RegisterLiveness("greeter")
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		_ = greet(ctx, c)
		_ = greetTyped(ctx, t)
		_ = Legacy("http://a")
		cancel()
	}
}
