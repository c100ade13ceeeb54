// Package loop builds status handlers over different lookups. Only the
// one over the election engine is stuck, on the engine's placeholder
// context; none runs the reverse lookup of package probes.
package loop

import (
	"ctorfield/election"
	"ctorfield/probes"
	"ctorfield/status"

	"github.com/ctxlint/ctxlint/runtime/health"
)

func Leader(e *election.Engine) {
	st := status.NewHandler("leader", e.LeaderIP)
	h := health.RegisterLiveness("leader")
	for range h.C {
		st.Leader() // want `"leader" \(liveness\): \(\*net.Resolver\).LookupHost without the health deadline \(context.TODO\(\)\): Leader \(loop.go:18\) → ~Handler.Leader \(status.go:26\) → Engine.LeaderIP \(election.go:15\)`
	}
}

func Static() {
	st := status.NewHandler("static", probes.Lookups["static"])
	_ = st
	local := status.NewHandler("local", func() (string, error) { return "127.0.0.1", nil })
	h := health.RegisterLiveness("static")
	for range h.C {
		local.Leader()
	}
}

// A switch may hold any lookup of its signature by the time it is asked:
// what its constructor stored is one of them, and the only one set here.
func Switched(e *election.Engine) {
	sw := status.NewSwitch(e.LeaderIP)
	h := health.RegisterLiveness("switched")
	for range h.C {
		sw.Leader() // want `"switched" \(liveness\): \(\*net.Resolver\).LookupHost without the health deadline \(context.TODO\(\)\): Switched \(loop.go:38\) → ~Switch.Leader \(status.go:40\) → Engine.LeaderIP \(election.go:15\)` `"switched" \(liveness\): net.LookupAddr without the health deadline \(it takes no context\): Switched \(loop.go:38\) → ~Switch.Leader \(status.go:40\) → reverse \(probes.go:15\)`
	}
}

// Built over a local lookup, a lazy handler may run another after Reset.
func Lazy() {
	lz := status.NewLazy(func() (string, error) { return "127.0.0.1", nil })
	h := health.RegisterLiveness("lazy")
	for range h.C {
		lz.Leader() // want `"lazy" \(liveness\): net.LookupAddr without the health deadline \(it takes no context\): Lazy \(loop.go:47\) → ~Lazy.Leader \(status.go:57\) → reverse \(probes.go:15\)`
	}
}
