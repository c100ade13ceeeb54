// Package kvloop calls three methods of another module's client that all
// reach the same sink inside that module: each call is its own report, at
// the call in this module's code, naming the sink it reaches.
package kvloop

import (
	"context"

	"example.org/consul/api"

	"github.com/ctxlint/ctxlint/runtime/health"
)

func sync(kv *api.KV) {
	h := health.RegisterLiveness("consul-sync")
	for range h.C {
		kv.List("services")  // want `"consul-sync" \(liveness\): \(\*example.org/consul/api.KV\).List reaches \(\*net/http.Client\).Do \(api.go:\d+\) without the health deadline \(request built with http.NewRequest\): sync \(kvloop.go:\d+\)$`
		kv.Keys("services")  // want `"consul-sync" \(liveness\): \(\*example.org/consul/api.KV\).Keys reaches \(\*net/http.Client\).Do \(api.go:\d+\) without the health deadline .*: sync \(kvloop.go:\d+\)$`
		lookup(kv, "leader") // want `"consul-sync" \(liveness\): \(\*example.org/consul/api.KV\).Get reaches \(\*net/http.Client\).Do \(api.go:\d+\) without the health deadline .*: sync \(kvloop.go:\d+\) → lookup \(kvloop.go:\d+\); run ctxlint -fix to thread the deadline down$`
	}
}

// lookup is this module's last call on the path: the report's chain ends here.
func lookup(kv *api.KV, key string) { // want lookup:"reaches \\(\\*example.org/consul/api.KV\\).Get reaches \\(\\*net/http.Client\\).Do \\(api.go:27\\) unbounded via lookup"
	kv.Get(key)
}

// A call into another module that takes no context but gets an options
// value carrying one (Consul's QueryOptions.WithContext) runs under it.
func withOptions(kv *api.KV) {
	h := health.RegisterLiveness("consul-opts")
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		kv.GetOpts("leader", (&api.QueryOptions{}).WithContext(ctx))
		q := &api.QueryOptions{}
		q = q.WithContext(ctx)
		kv.GetOpts("leader", q)
		kv.GetOpts("leader", (&api.QueryOptions{}).WithContext(context.Background())) // want `"consul-opts" \(liveness\): \(\*example.org/consul/api.KV\).GetOpts reaches \(\*net/http.Client\).Do \(api.go:\d+\) without the health deadline \(context.Background\(\)\)`
		kv.GetOpts("leader", nil)                                                     // want `"consul-opts" \(liveness\): \(\*example.org/consul/api.KV\).GetOpts reaches`
		cancel()
	}
}
