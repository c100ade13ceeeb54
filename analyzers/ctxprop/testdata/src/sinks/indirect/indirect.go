// Package indirect calls another module's client through its own
// interface, with the client's package in its import closure only through
// a package that declares nothing.
package indirect

import (
	"context"

	"github.com/ctxlint/ctxlint/runtime/health"

	_ "sinks/plugins"
)

type evicter interface {
	Evict(ctx context.Context, name string) error
}

var pods evicter

func Watch() {
	h := health.RegisterLiveness("indirect")
	for range h.C {
		pods.Evict(context.Background(), "web-1") // want `"indirect" \(liveness\): \(\*example\.org/kube\.Client\)\.Evict without the health deadline \(context\.Background\(\)\)`
	}
}
