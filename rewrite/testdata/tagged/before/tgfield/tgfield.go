// Package tgfield looks hosts up through a field of func type, and sends
// its probe with one body per platform: the Windows body's call of the
// field passes the context too, and no other set is blamed for it. A
// mock that only the Windows tests declare, and a literal they store in
// the field, gain the context with the field's type.
package tgfield

import (
	"net"

	"github.com/ctxlint/ctxlint/runtime/health"
)

// pinger looks a host up.
type pinger func(host string) ([]string, error)

// Prober probes through its pinger, which tests replace.
type Prober struct{ ping pinger }

// New wires the real lookup.
func New() *Prober { return &Prober{ping: lookup} }

func lookup(host string) ([]string, error) { return net.LookupHost(host) }

func (p *Prober) gather() error { return p.probe("example.com") }

// Loop probes on every tick.
func Loop(p *Prober) {
	h := health.RegisterLiveness("tgfield")
	for range h.C {
		_ = p.gather()
	}
}
