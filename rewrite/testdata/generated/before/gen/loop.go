// Package gen calls into a generated file: a generated client that takes a
// context gets the threaded one (a generic one, once instantiated with a
// context); a generated function without one is refused (generated files
// are never edited).
package gen

import (
	"context"

	"github.com/ctxlint/ctxlint/runtime/health"
)

func greet(c *GreeterClient) error { return c.SayHello(context.Background(), "x") }

func greetTyped(c *Typed[context.Context]) error { return c.Say(context.Background(), "x") }

// Loop greets on every tick.
func Loop(c *GreeterClient, t *Typed[context.Context]) {
	h := health.RegisterLiveness("greeter")
	for range h.C {
		_ = greet(c)
		_ = greetTyped(t)
		_ = Legacy("http://a")
	}
}
