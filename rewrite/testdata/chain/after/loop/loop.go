// Package loop runs the monitored loop.
package loop

import (
	"context"

	"example.com/x/client"
	"example.com/x/svc"
	"github.com/ctxlint/ctxlint/runtime/health"
)

// Run collects tags on every tick.
func Run(c *client.Client, stop <-chan struct{}) {
	h := health.RegisterLiveness("tags")
	defer h.Deregister()
	for {
		select {
		case deadline := <-h.C:
			ctx, cancel := health.WithDeadline(context.Background(), deadline)
			// Collect, then report.
			if _, err := svc.Tags(ctx, c); err != nil {
				cancel()
				continue
			}
			println("ok")
			cancel()
		case <-stop:
			return
		}
	}
}
