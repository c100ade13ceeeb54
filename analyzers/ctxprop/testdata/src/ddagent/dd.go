// Package ddagent uses the monitoring agent's own runtime, whose ticks
// carry no deadline.
package ddagent

import (
	"net/http"

	"github.com/DataDog/datadog-agent/pkg/status/health"
)

func run() {
	h := health.RegisterLiveness("dd-check")
	for {
		select {
		case <-h.C:
			http.Get("http://x") // want `"dd-check" \(liveness\): net/http.Get without the health deadline \(it takes no context; the handle's ticks carry no deadline\)`
		}
	}
}
