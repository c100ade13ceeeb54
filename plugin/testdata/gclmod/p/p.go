// Package p is the golangci-lint end-to-end fixture: two stuck calls, one
// suppressed with //nolint:ctxprop, and a TODO.
package p

import (
	"context"
	"net/http"

	"github.com/ctxlint/ctxlint/runtime/health"
)

func Run(c *health.Catalog) {
	h := c.RegisterLiveness("poller")
	for range h.C {
		http.Get("http://kubelet/pods")
		http.Head("http://127.0.0.1:9090/") //nolint:ctxprop // loopback, answers in microseconds
	}
}

func Ping(ctx context.Context, d interface{ Ping(context.Context) error }) error {
	return d.Ping(context.TODO())
}
