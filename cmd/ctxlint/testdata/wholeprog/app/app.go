// Package app wires them together.
package app

import (
	"github.com/ctxlint/ctxlint/cmd/ctxlint/testdata/wholeprog/agent"
	"github.com/ctxlint/ctxlint/cmd/ctxlint/testdata/wholeprog/impl"
	"github.com/ctxlint/ctxlint/cmd/ctxlint/testdata/wholeprog/loop"
	"github.com/ctxlint/ctxlint/cmd/ctxlint/testdata/wholeprog/wiring"
	"github.com/ctxlint/ctxlint/runtime/health"
)

func Main() { loop.Run(health.NewCatalog(), impl.HTTPSource{URL: "http://x"}) }

func Agent() {
	agent.Forward(wiring.Forwarder())
	agent.Hostnames()
}
