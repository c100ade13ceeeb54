// Package loop calls through the catalog; it links the wiring in.
package loop

import (
	"fv/reg"
	_ "fv/wiring"

	"github.com/ctxlint/ctxlint/runtime/health"
)

func Hostnames() {
	h := health.RegisterLiveness("hostnames")
	for range h.C {
		reg.Catalog["docker"]() // want `"hostnames" \(liveness\): net.LookupAddr without the health deadline \(it takes no context\): ~Hostnames \(loop.go:14\) → Hostname \(prov.go:8\)`
	}
}
