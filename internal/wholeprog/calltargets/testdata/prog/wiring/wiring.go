// Package wiring registers the providers and builds the forwarder.
package wiring

import (
	"example.test/prog/fwd"
	"example.test/prog/prov"
	"example.test/prog/reg"
)

func init() { reg.Register("docker", prov.Hostname) }

func Forwarder() fwd.Forwarder { return fwd.NewQueue() }

type Collector struct{ Fetch func() string }

func NewCollector() *Collector {
	return &Collector{Fetch: func() string { h, _ := prov.Hostname(); return h }}
}
