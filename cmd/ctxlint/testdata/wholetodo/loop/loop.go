// Package loop calls a Source in a monitored loop, without importing its
// implementation.
package loop

import (
	"github.com/ctxlint/ctxlint/cmd/ctxlint/testdata/wholetodo/iface"
	"github.com/ctxlint/ctxlint/runtime/health"
)

func Run(c *health.Catalog, src iface.Source) {
	h := c.RegisterLiveness("fetcher")
	for range h.C {
		src.Fetch("http://x")
	}
}
