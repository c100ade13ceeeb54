// Package loop makes the dynamic calls.
package loop

import (
	"example.test/prog/fwd"
	"example.test/prog/reg"
	"example.test/prog/retry"
	"example.test/prog/wiring"
)

func Run(f fwd.Forwarder, c *wiring.Collector) {
	reg.Catalog["docker"]() // CALL catalog
	f.Send("x")             // CALL send
	c.Fetch()               // CALL fetch
}

func Main() { Run(wiring.Forwarder(), wiring.NewCollector()) }

// Through a parameter of a helper: what the callers pass.
func each(fs []reg.Func) {
	for _, f := range fs {
		f() // CALL each
	}
}

func Callers() { each([]reg.Func{reg.Other}) }

// A client retries its own connect, a bound method value.
type client struct{ retry.Retrier }

func (c *client) connect() error { return nil }

func newClient() *client {
	c := &client{}
	c.Setup(&retry.Config{Attempt: c.connect})
	return c
}

// stats is promoted from an embedded interface: the call runs the
// implementation the field holds.
type statser interface{ stats() int }

type jsonStats struct{}

func (jsonStats) stats() int { return 1 }

type collector struct{ statser }

func (c *collector) collect() int {
	return c.stats() // CALL promoted
}

func Clients() {
	newClient().Try()
	(&collector{jsonStats{}}).collect()
}
