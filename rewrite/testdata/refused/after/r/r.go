// Package r reaches a blocking call through a method that satisfies an
// interface of another module (fmt.Stringer), and through a function a
// //go:linkname directive names: neither can gain a ctx parameter without
// silently breaking what relies on its signature. The other path is
// rewritten.
package r

import (
	"context"
	"fmt"
	"net"
	_ "unsafe" // for go:linkname

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

// probe is made visible to other packages under its symbol name.
//
//go:linkname probe
func probe(name string) error {
	_, err := net.LookupMX(name)
	return err
}

// Loop resolves on every tick.
func Loop() {
	h := health.RegisterLiveness("r")
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		_ = Host{Name: "a"}.String()
		_ = lookup(ctx, "b")
		_ = probe("c")
		cancel()
	}
}
