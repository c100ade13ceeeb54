// Package loop runs the monitored loop.
package loop

import (
	"github.com/ctxlint/ctxlint/cmd/ctxlint/testdata/todo/client"
	"github.com/ctxlint/ctxlint/runtime/health"
)

func Run(c *health.Catalog) {
	h := c.RegisterLiveness("fetcher")
	for range h.C {
		client.Fetch("kubelet:10250")
	}
}
