// Package loop calls through an interface and a function type declared
// without parameter names, implemented in another package with names.
package loop

import (
	"paramnames/impl"
	"paramnames/svc"

	"github.com/ctxlint/ctxlint/runtime/health"
)

var _ svc.Svc = impl.Docker{}

func Run(s svc.Svc) {
	h := health.RegisterLiveness("a")
	for range h.C {
		s.Lookup("x") // want `"a" \(liveness\): net/http.Get without the health deadline \(it takes no context\): ~Run \(loop.go:17\) → Docker.Lookup \(impl.go:10\)`
	}
}

var fetchers = []svc.Fetcher{impl.Fetch}

func Poll() {
	h := health.RegisterLiveness("b")
	for range h.C {
		for _, f := range fetchers {
			f("http://kubelet") // want `"b" \(liveness\): net/http.Head without the health deadline`
		}
	}
}
