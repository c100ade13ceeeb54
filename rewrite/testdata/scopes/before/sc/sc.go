// Package sc passes the innermost context in scope: a context derived
// before the call, the loop's parent context, and where there is none,
// what main, init and tests have.
package sc

import (
	"context"
	"net"
	"time"

	"github.com/ctxlint/ctxlint/runtime/health"
)

// resolve blocks: it gains ctx.
func resolve(host string) error {
	_, err := net.LookupHost(host)
	return err
}

// refresh derives a shorter deadline before it resolves: the derived
// context is the one passed.
func refresh(ctx context.Context, host string) error {
	sctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	if _, err := net.DefaultResolver.LookupCNAME(sctx, host); err != nil {
		return err
	}
	return resolve(host)
}

// retry derives its context again in a block of its own.
func retry(ctx context.Context, host string) error {
	if host != "" {
		ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		defer cancel()
		if err := ctx.Err(); err != nil {
			return err
		}
		return resolve(host) // the inner ctx
	}
	return nil
}

// Run is given the agent's context: the loop's deadline derives from it.
func Run(ctx context.Context) {
	h := health.RegisterLiveness("scopes")
	for range h.C {
		_ = refresh(context.TODO(), "a")
		_ = retry(context.TODO(), "b")
		_ = Lookup("c")
	}
}

// Lookup is on the loop's path, and main calls it too.
func Lookup(host string) error { return resolve(host) }

// Warm resolves once at start-up, outside any loop.
func Warm() error { return resolve("warm") }

func init() { _ = resolve("init") }
