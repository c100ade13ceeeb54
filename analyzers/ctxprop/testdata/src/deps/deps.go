// Package deps calls libraries of other modules (versioned dependencies).
// Inside them, an interface call is followed only to its one
// implementation: a logger's writer interface would otherwise reach a TLS
// dial of a network writer the program never configures.
package deps

import (
	"example.org/logging"
	"example.org/pinger"

	"github.com/ctxlint/ctxlint/runtime/health"
)

func loop(log *logging.Logger, p *pinger.Client) {
	h := health.RegisterLiveness("deps")
	for range h.C {
		log.Debug("tick")
		p.Check("http://peer") // want `"deps" \(liveness\): \(\*example.org/pinger.Client\).Check reaches net/http.Head \(pinger.go:17\) without the health deadline`
	}
}
