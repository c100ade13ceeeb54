// want package:"dispatch value newCollector.func1, method kubeLister.List"

// Package loop reaches sinks through interfaces and function values.
package loop

import (
	"context"

	"dyn/hooks"
	"dyn/hostname"
	"dyn/iface"
	"dyn/impl"
	"example.org/kube"
	"github.com/ctxlint/ctxlint/runtime/health"
)

var _ iface.Provider = (*impl.HTTPProvider)(nil)

// An interface call resolves to every implementation the package can see.
func providers(ps []iface.Provider) {
	h := health.RegisterLiveness("providers")
	for range h.C {
		for _, p := range ps {
			p.Collect() // want `"providers" \(liveness\): net/http.Get without the health deadline \(it takes no context\): ~providers \(loop.go:24\) → HTTPProvider.Collect \(impl.go:12\)`
		}
	}
}

// A map of functions filled in init(), behind a static call.
func hostnames() {
	h := health.RegisterLiveness("hostnames")
	for range h.C {
		hostname.Resolve("dns") // want `"hostnames" \(liveness\): net.LookupAddr .*: hostnames \(loop.go:33\) → ~Resolve \(hostname.go:27\) → fromDNS \(hostname.go:18\)`
	}
}

// A package-level function variable of another package.
func metadata() {
	h := health.RegisterLiveness("metadata")
	for range h.C {
		hostname.Get() // want `"metadata" \(liveness\): net.Dial .*: ~metadata \(loop.go:41\) → lookup \(hostname.go:34\)`
	}
}

// A func-typed field set in a constructor literal.
type collector struct {
	fetch func() (string, error)
}

func newCollector() *collector {
	return &collector{fetch: func() (string, error) { return hostname.Resolve("dns") }}
}

func fields(c *collector) {
	h := health.RegisterLiveness("fields")
	for range h.C {
		c.fetch() // want `"fields" \(liveness\): net.LookupAddr`
	}
}

// A slice of functions, and a map of stored literals from another package.
func slices(checks []func() (int, error)) {
	h := health.RegisterLiveness("slices")
	for range h.C {
		for _, check := range checks {
			check() // want `"slices" \(liveness\): net.Dial`
		}
		hooks.Hooks["flush"]() // want `"slices" \(liveness\): net/http.Post`
	}
}

// A module-local interface wrapping an external client that takes a ctx.
type podLister interface {
	List(ctx context.Context) ([]kube.Pod, error)
}

type kubeLister struct{ c *kube.Client }

func (k kubeLister) List(ctx context.Context) ([]kube.Pod, error) { // want List:"reaches \\(\\*example.org/kube.Client\\).ListPods under param 0 via kubeLister.List" List:"ignores its context"
	return k.c.ListPods(ctx, "default")
}

func wrapped(l podLister) {
	h := health.RegisterReadiness("wrapped")
	for deadline := range h.C {
		l.List(context.Background()) // want `"wrapped" \(readiness\): \(\*example.org/kube.Client\).ListPods without the health deadline \(context.Background\(\)\): ~wrapped \(loop.go:86\) → kubeLister.List \(loop.go:80\)`
		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		l.List(ctx)
		cancel()
	}
}
