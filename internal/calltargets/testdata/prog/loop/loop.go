// Package loop makes the dynamic calls.
package loop

import (
	"example.test/prog/fwd"
	"example.test/prog/reg"
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
