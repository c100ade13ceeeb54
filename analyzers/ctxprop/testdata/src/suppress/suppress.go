// Package suppress shows how reports are suppressed, and how deliberate
// boundaries are marked.
package suppress

import (
	"net/http"

	"suppress/client"

	"github.com/ctxlint/ctxlint/runtime/health"
)

func ignored() {
	h := health.RegisterLiveness("ignored")
	for range h.C {
		//ctxlint:ignore ctxprop the metrics endpoint is on loopback
		http.Get("http://127.0.0.1:9090/metrics")
		http.Head("http://127.0.0.1:9090/") //ctxlint:ignore ctxprop loopback too
		http.Post("http://x", "", nil)      //nolint:ctxprop
	}
}

// An ignore needs a reason; without one it suppresses nothing.
func noReason() {
	h := health.RegisterLiveness("no-reason")
	for range h.C {
		//ctxlint:ignore ctxprop // want `//ctxlint:ignore ctxprop needs a reason`
		http.Get("http://x") // want `"no-reason" \(liveness\): net/http.Get`
	}
}

// An ignore that suppresses nothing is reported, so stale ones go away.
func unused() {
	//ctxlint:ignore ctxprop kept from an old version // want `unused //ctxlint:ignore ctxprop directive`
	println("nothing blocks here")
}

// An ignore for another analyzer does not apply.
func otherAnalyzer() {
	h := health.RegisterLiveness("other")
	for range h.C {
		http.Get("http://x") //ctxlint:ignore todoctx not about contexts // want `"other" \(liveness\): net/http.Get`
	}
}

// flush is a deliberate boundary: what it reaches is not propagated.
//
//ctxlint:detached graceful shutdown has a budget of its own
func flush() {
	http.Post("http://sink/flush", "", nil)
}

func shutdown() {
	h := health.RegisterLiveness("shutdown")
	for range h.C {
		flush()
	}
}

//ctxlint:detached // want `//ctxlint:detached needs a reason`
func noReasonDetached() {}

// An ignore anywhere on a path suppresses every report whose path passes
// its line: on the sink's line in another package (client.Local), or on a
// call in the middle of the path (viaHelper).
func deep() {
	h := health.RegisterLiveness("deep")
	for range h.C {
		client.Local()
		client.Both() // want `"deep" \(liveness\): net/http.Post .*: deep \(suppress.go:\d+\) → Both \(client.go:\d+\) → Remote \(client.go:\d+\)`
		viaHelper()
	}
}

func viaHelper() {
	//ctxlint:ignore ctxprop Remote is called with a short client timeout here
	client.Remote()
}
