package p

import (
	"net/http"

	"github.com/ctxlint/ctxlint/runtime/health"
)

// Sync's loop makes one call that reaches two sinks: two findings on the
// same line, which golangci-lint keeps only with uniq-by-line: false.
func Sync(c *health.Catalog) {
	h := c.RegisterReadiness("syncer")
	for range h.C {
		push()
	}
}

func push() {
	http.Get("http://kubelet/pods")
	http.Post("http://kubelet/status", "text/plain", nil)
}
