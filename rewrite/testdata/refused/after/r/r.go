// Package r reaches a blocking call through a method that satisfies an
// interface of another module (fmt.Stringer): it cannot gain a ctx
// parameter without silently breaking that. The other path is rewritten.
package r

import (
	"context"
	"fmt"
	"net"

	"github.com/ctxlint/ctxlint/runtime/health"
)

// Host prints itself by resolving its name.
type Host struct{ Name string }

func (h Host) String() string {
	addrs, _ := net.LookupHost(h.Name)
	return fmt.Sprint(addrs)
}

func lookup(ctx context.Context, name string) error {
	_, err := net.DefaultResolver.LookupHost(ctx, name)
	return err
}

// Loop resolves on every tick.
func Loop() {
	h := health.RegisterLiveness("r")
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		_ = Host{Name: "a"}.String()
		_ = lookup(ctx, "b")
		cancel()
	}
}
