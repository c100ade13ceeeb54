// want package:"dispatch method watcher.leader"

// Package ifaceentry keeps another module's KV client behind an interface
// of its own, as a backend to swap in tests. Each call through the
// interface enters the client's code: the path stops at the call the user
// edits and names the method it enters, one report per call site, as a
// direct call to the client is reported.
package ifaceentry

import (
	"example.org/consul/api"

	"github.com/ctxlint/ctxlint/runtime/health"
)

type kvBackend interface {
	List(prefix string) ([]string, error)
	Keys(prefix string) ([]string, error)
	Get(key string) ([]string, error)
}

type watcher struct{ kv kvBackend }

func newWatcher(c *api.Client) *watcher { return &watcher{kv: c.KV()} }

func (w *watcher) sync() {
	h := health.RegisterLiveness("kv-sync")
	for range h.C {
		w.kv.List("services") // want `"kv-sync" \(liveness\): \(\*example.org/consul/api.KV\).List reaches \(\*net/http.Client\).Do \(api.go:27\) without the health deadline \(request built with http.NewRequest\): ~watcher.sync \(ifaceentry.go:29\)`
		w.kv.Keys("services") // want `"kv-sync" \(liveness\): \(\*example.org/consul/api.KV\).Keys reaches \(\*net/http.Client\).Do \(api.go:27\) without the health deadline \(request built with http.NewRequest\): ~watcher.sync \(ifaceentry.go:30\)`
		w.leader()            // want `"kv-sync" \(liveness\): \(\*example.org/consul/api.KV\).Get reaches \(\*net/http.Client\).Do \(api.go:27\) without the health deadline \(request built with http.NewRequest\): watcher.sync \(ifaceentry.go:31\) → ~watcher.leader \(ifaceentry.go:36\)`
	}
}

func (w *watcher) leader() { // want leader:`reaches \(\*example.org/consul/api.KV\).Get reaches \(\*net/http.Client\).Do \(api.go:27\) unbounded via watcher.leader`
	w.kv.Get("leader")
}
