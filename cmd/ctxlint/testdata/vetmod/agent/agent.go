// Package agent is the fixture for the go vet and go fix tests: a
// monitored loop with a stuck call, and a TODO with a context in scope.
package agent

import (
	"context"
	"net/http"

	"github.com/ctxlint/ctxlint/runtime/health"
)

func Run(c *health.Catalog) {
	h := c.RegisterLiveness("poller")
	for range h.C {
		http.Get("http://kubelet/pods")
	}
}

func Ping(ctx context.Context, d interface {
	Ping(context.Context) error
}) error {
	return d.Ping(context.TODO())
}

// Handle registers the worker's component, for a package that does not
// import the health runtime itself.
func Handle() *health.Handle { return health.RegisterLiveness("worker") }
