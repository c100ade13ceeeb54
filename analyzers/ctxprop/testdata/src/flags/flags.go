// Package flags is analysed with -register, -sinks, -nonblocking and
// -async set (see TestFlags).
package flags

import (
	"context"
	"net/http"

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
