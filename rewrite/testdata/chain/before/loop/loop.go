// Package loop runs the monitored loop.
package loop

import (
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
		case <-h.C:
			// Collect, then report.
			if _, err := svc.Tags(c); err != nil {
				continue
			}
			println("ok")
		case <-stop:
			return
		}
	}
}
