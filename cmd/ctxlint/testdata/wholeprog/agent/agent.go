// Package agent runs the monitored loops. It imports fwd, so a
// per-package run sees fwd.Sync and reports a path through it; the program
// never builds one, and the whole-program run does not. It does not import
// wiring or prov: only the whole-program run sees what the catalog holds.
package agent

import (
	"github.com/ctxlint/ctxlint/cmd/ctxlint/testdata/wholeprog/fwd"
	"github.com/ctxlint/ctxlint/cmd/ctxlint/testdata/wholeprog/reg"
	"github.com/ctxlint/ctxlint/runtime/health"
)

func Forward(f fwd.Forwarder) {
	h := health.RegisterLiveness("forwarder")
	for range h.C {
		f.Send("metrics")
	}
}

func Hostnames() {
	h := health.RegisterLiveness("hostnames")
	for range h.C {
		reg.Catalog["docker"]()
	}
}
