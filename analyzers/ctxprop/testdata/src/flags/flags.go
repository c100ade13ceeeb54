// Package flags is analysed with -register, -sinks, -nonblocking,
// -monitored and -async set (see TestFlags).
package flags

import (
	"context"
	"net/http"
	"time"

	"example.org/kube"
	"flags/checks"
)

// Handles from the -register functions mark monitored loops.
func custom(s *checks.Scheduler, c *kube.Client) {
	t := checks.Register("custom")
	for range t.C {
		checks.Sync() // want `"custom" \(Register\): flags/checks.Sync without the health deadline \(it takes no context\)`
		// -nonblocking removes a presumed sink.
		c.ListPods(context.Background(), "default")
	}
}

func method(s *checks.Scheduler) {
	t := s.Add("method")
	for {
		<-t.C
		// -async reports goroutines the loop does not wait for.
		go http.Get("http://x") // want `"method" \(Add\): net/http.Get`
	}
}

// A periodic loop named by -monitored, as if marked //ctxlint:monitored:
// an agent's job loop, left unedited.
type poller struct{ tick <-chan time.Time }

func (p *poller) loop() {
	for range p.tick {
		http.Get("http://exporter/metrics") // want `"poller.loop" \(monitored\): net/http.Get without the health deadline`
	}
}

// notNamed is not in -monitored: nothing to report.
func notNamed(tick <-chan time.Time) { // want notNamed:"reaches net/http.Get unbounded via notNamed"
	for range tick {
		http.Get("http://exporter/metrics")
	}
}
