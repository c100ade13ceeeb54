// Package related is the fixture for the plugin's related setting: a
// chain of two hops in the package, so the finding has a related position.
package related

import (
	"net/http"

	"github.com/ctxlint/ctxlint/runtime/health"
)

func Run(c *health.Catalog) {
	h := c.RegisterLiveness("poller")
	for range h.C {
		fetch()
	}
}

func fetch() {
	http.Get("http://kubelet/pods")
}
