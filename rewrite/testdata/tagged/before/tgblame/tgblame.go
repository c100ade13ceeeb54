// Package tgblame has two sources whose methods share a name, each read
// by its own loop. Only the Windows build holds one of them to an
// interface without a context: that source's set is refused, quoting the
// Windows error, and the other's is applied.
package tgblame

import (
	"net"

	"github.com/ctxlint/ctxlint/runtime/health"
)

// Disk reads a disk agent over TCP.
type Disk struct{ addr string }

// Fetch dials the agent.
func (d *Disk) Fetch() error {
	conn, err := net.Dial("tcp", d.addr)
	if err != nil {
		return err
	}
	return conn.Close()
}

// Names resolves a host.
type Names struct{ host string }

// Fetch looks the host up.
func (n *Names) Fetch() error {
	_, err := net.LookupHost(n.host)
	return err
}

// LoopDisk reads the disk agent on every tick.
func LoopDisk(d *Disk) {
	h := health.RegisterLiveness("disk")
	for range h.C {
		_ = d.Fetch()
	}
}

// LoopNames resolves on every tick.
func LoopNames(n *Names) {
	h := health.RegisterLiveness("names")
	for range h.C {
		_ = n.Fetch()
	}
}
