// Package loop is the monitored loop at the top of the chain.
package loop

import (
	"github.com/ctxlint/ctxlint/internal/wholeprog/testdata/chain/iface"
	"github.com/ctxlint/ctxlint/internal/wholeprog/testdata/chain/top"
	"github.com/ctxlint/ctxlint/runtime/health"
)

func Run(c *health.Catalog, g iface.Getter) {
	h := c.RegisterLiveness("getter")
	for range h.C {
		top.Top(g)
	}
}
