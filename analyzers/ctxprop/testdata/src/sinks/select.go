package sinks

import (
	"context"
	"time"

	"github.com/ctxlint/ctxlint/runtime/health"
)

// Waiting on a bounded context's Done channel, or on time.After, is not a
// blocking call in ctxprop's model: nothing is reported.
func waits() {
	h := health.RegisterLiveness("waiter")
	for {
		select {
		case deadline := <-h.C:
			ctx, cancel := health.WithDeadline(context.Background(), deadline)
			select {
			case <-ctx.Done():
			case <-time.After(time.Second):
			}
			cancel()
		}
	}
}
