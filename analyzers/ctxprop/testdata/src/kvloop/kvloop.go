// Package kvloop calls three methods of another module's client that all
// reach the same sink inside that module: each call is its own report, at
// the call in this module's code, naming the sink it reaches.
package kvloop

import (
	"example.org/consul/api"

	"github.com/ctxlint/ctxlint/runtime/health"
)

func sync(kv *api.KV) {
	h := health.RegisterLiveness("consul-sync")
	for range h.C {
		kv.List("services")  // want `"consul-sync" \(liveness\): \(\*example.org/consul/api.KV\).List reaches \(\*net/http.Client\).Do \(api.go:24\) without the health deadline \(request built with http.NewRequest\): sync \(kvloop.go:15\)$`
		kv.Keys("services")  // want `"consul-sync" \(liveness\): \(\*example.org/consul/api.KV\).Keys reaches \(\*net/http.Client\).Do \(api.go:24\) without the health deadline .*: sync \(kvloop.go:16\)$`
		lookup(kv, "leader") // want `"consul-sync" \(liveness\): \(\*example.org/consul/api.KV\).Get reaches \(\*net/http.Client\).Do \(api.go:24\) without the health deadline .*: sync \(kvloop.go:17\) → lookup \(kvloop.go:23\)$`
	}
}

// lookup is this module's last call on the path: the report's chain ends here.
func lookup(kv *api.KV, key string) { // want lookup:"reaches \\(\\*example.org/consul/api.KV\\).Get reaches \\(\\*net/http.Client\\).Do \\(api.go:24\\) unbounded via lookup"
	kv.Get(key)
}
