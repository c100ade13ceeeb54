// Package loops holds two monitored loops: "a" reaches the tagger's two
// services, "b" those and a DNS lookup of its own, and calls one sink
// itself, which no function below the loop can bound.
package loops

import (
	"net"
	"net/http"

	"github.com/ctxlint/ctxlint/cmd/ctxlint/testdata/chokepoints/tagger"
	"github.com/ctxlint/ctxlint/runtime/health"
)

func RunA(c *health.Catalog) {
	h := c.RegisterLiveness("a")
	for range h.C {
		tagger.Tags("x")
	}
}

func RunB(c *health.Catalog) {
	h := c.RegisterLiveness("b")
	for range h.C {
		tagger.Tags("y")
		resolve()
		http.Head("http://self/healthz")
	}
}

func resolve() { net.LookupHost("db") }
