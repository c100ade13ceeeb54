// Package twosinks is the fixture for one call in a monitored loop that
// reaches two sinks: two reports at the same position, each with its own
// chain.
package twosinks

import (
	"net/http"

	"github.com/ctxlint/ctxlint/runtime/health"
)

func Run(c *health.Catalog) {
	h := c.RegisterLiveness("poller")
	for range h.C {
		sync()
	}
}

func sync() {
	http.Get("http://kubelet/pods")
	http.Post("http://kubelet/status", "text/plain", nil)
}
