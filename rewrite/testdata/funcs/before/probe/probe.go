// Package probe runs its lookups through fields of func type, which its
// tests fill with canned output from helpers that return a literal.
package probe

import (
	"net"

	"github.com/ctxlint/ctxlint/runtime/health"
)

// runner looks a host up.
type runner func(host string) ([]string, error)

// Probe holds its lookups as fields so tests can replace them.
type Probe struct {
	run   runner
	names func() ([]string, error)
}

// New wires the real lookups.
func New() *Probe { return &Probe{run: net.LookupHost, names: localNames} }

func localNames() ([]string, error) { return net.LookupAddr("127.0.0.1") }

func (p *Probe) gather() int {
	addrs, _ := p.run("example.com")
	names, _ := p.names()
	return len(addrs) + len(names)
}

// Loop probes on every tick.
func Loop(p *Probe) {
	h := health.RegisterLiveness("probe")
	for range h.C {
		_ = p.gather()
	}
}
