// Package probe runs its lookups through fields of func type, which its
// tests fill with canned output from helpers that return a literal.
package probe

import (
	"context"
	"net"

	"github.com/ctxlint/ctxlint/runtime/health"
)

// runner looks a host up.
type runner func(ctx context.Context, host string) ([]string, error)

// Probe holds its lookups as fields so tests can replace them.
type Probe struct {
	run   runner
	names func(context.Context) ([]string, error)
}

// New wires the real lookups.
func New() *Probe {
	return &Probe{run: func(ctx context.Context, p0 string) ([]string, error) { return net.DefaultResolver.LookupHost(ctx, p0) }, names: localNames}
}

func localNames(ctx context.Context) ([]string, error) {
	return net.DefaultResolver.LookupAddr(ctx, "127.0.0.1")
}

func (p *Probe) gather(ctx context.Context) int {
	addrs, _ := p.run(ctx, "example.com")
	names, _ := p.names(ctx)
	return len(addrs) + len(names)
}

// Loop probes on every tick.
func Loop(p *Probe) {
	h := health.RegisterLiveness("probe")
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		_ = p.gather(ctx)
		cancel()
	}
}
