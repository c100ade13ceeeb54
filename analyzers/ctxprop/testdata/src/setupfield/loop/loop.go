// Package loop runs one loop per client: each is stuck on its own
// client's attempt only, never on another client's or on the probe.
package loop

import (
	"setupfield/daemon"
	"setupfield/registry"
	"setupfield/socket"

	"github.com/ctxlint/ctxlint/runtime/health"
)

func Socket() {
	h := health.RegisterLiveness("socket")
	for range h.C {
		socket.New() // want `"socket" \(liveness\): net.Dial without the health deadline \(it takes no context\): Socket \(loop.go:16\) → New \(socket.go:29\) → Runner.Run \(backoff.go:27\) → ~Runner.step \(backoff.go:31\) → Client.dial \(socket.go:19\)`
	}
}

func Registry() {
	h := health.RegisterLiveness("registry")
	for range h.C {
		registry.Get() // want `"registry" \(liveness\): net/http.Get without the health deadline \(it takes no context\): Registry \(loop.go:23\) → Get \(registry.go:37\) → Runner.Run \(backoff.go:27\) → ~Runner.step \(backoff.go:31\) → Client.fetch \(registry.go:19\)`
	}
}

// The daemon's connection is built and set up by its constructor, and run
// here, later: what its setup stored runs.
func Daemon() {
	c := daemon.Open("/run/daemon.sock")
	h := health.RegisterLiveness("daemon")
	for range h.C {
		c.Run() // want `"daemon" \(liveness\): net.Dial without the health deadline \(it takes no context\): Daemon \(loop.go:33\) → Runner.Run \(backoff.go:27\) → ~Runner.step \(backoff.go:31\) → Conn.dial \(daemon.go:19\)`
	}
}
