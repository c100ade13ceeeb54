// Package loop calls a Source in a monitored loop. It does not import the
// package that implements Source over HTTP: a per-package run cannot see
// that implementation, the whole-program mode can.
package loop

import (
	"github.com/ctxlint/ctxlint/cmd/ctxlint/testdata/wholeprog/iface"
	"github.com/ctxlint/ctxlint/runtime/health"
)

func Run(c *health.Catalog, src iface.Source) {
	h := c.RegisterLiveness("fetcher")
	for range h.C {
		src.Fetch()
	}
}
