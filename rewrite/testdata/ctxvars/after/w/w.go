// Package w has contexts already: a function that takes one but is given
// context.TODO(), a parameter named ctx of another type, a derived timeout,
// and a file-level name that shadows the context package.
package w

import (
	"context"
	"net"
	"time"

	"github.com/ctxlint/ctxlint/runtime/health"
)

type context2 = context.Context

// dial takes a context but its caller passes TODO.
func dial(ctx context.Context, addr string) (net.Conn, error) {
	var d net.Dialer
	return d.DialContext(ctx, "tcp", addr)
}

// connect has a parameter named ctx that is not a context.
func connect(ctx2 context.Context, ctx string) error {
	c, err := dial(ctx2, ctx)
	if err != nil {
		return err
	}
	return c.Close()
}

// withTimeout derives its own timeout from Background: it must derive it
// from the loop's context instead.
func withTimeout(ctx context.Context, addr string) error {
	tctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	c, err := dial(tctx, addr)
	if err != nil {
		return err
	}
	return c.Close()
}

// fetcher takes a context but leaves it unnamed, and dials under
// Background: the rewrite names it and passes it on.
type fetcher struct{}

func (fetcher) Fetch(ctx context.Context, addr string) error {
	c, err := dial(ctx, addr)
	if err != nil {
		return err
	}
	return c.Close()
}

// Loop dials on every tick.
func Loop(h *health.Handle) {
	for {
		select {
		case t := <-h.C:
			ctx, cancel := health.WithDeadline(context.Background(), t)
			_ = t
			if err := connect(ctx, "a:1"); err != nil {
				cancel()
				break
			}
			_ = withTimeout(ctx, "b:2")
			_ = fetcher{}.Fetch(ctx, "c:3")
			cancel()
		}
	}
}
