package dataflow

import (
	"context"

	"github.com/ctxlint/ctxlint/runtime/health"
)

// A helper summarised "under param 0": it is bounded iff its caller's
// argument is, and the fact it exports says so.
func ping(ctx context.Context) { // want ping:"reaches \\(\\*net.Dialer\\).DialContext under param 0 via ping"
	dialer.DialContext(ctx, "tcp", "db:5432")
}

// The loop's argument decides: bounded is clean, context.Background() is
// reported at the call in the loop, with the path to the sink.
func throughHelper() {
	h := health.RegisterLiveness("through-helper")
	for {
		select {
		case deadline := <-h.C:
			ctx, cancel := health.WithDeadline(context.Background(), deadline)
			ping(ctx)
			cancel()

			ping(context.Background()) // want `"through-helper" \(liveness\): \(\*net\.Dialer\)\.DialContext without the health deadline \(context\.Background\(\)\): throughHelper \(params\.go:\d+\) → ping \(params\.go:\d+\)`
		}
	}
}
