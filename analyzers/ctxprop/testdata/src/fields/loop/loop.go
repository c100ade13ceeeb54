// want package:"dispatch value remote.func1, value fetchTags"

// Package loop builds two caches over different loaders: one that asks a
// remote service and one that computes locally. Only the first one's loop
// is stuck; a call graph that tells fields apart by struct type only says
// both are.
package loop

import (
	"net/http"
	"strings"

	"fields/cache"

	"github.com/ctxlint/ctxlint/runtime/health"
)

var remote = cache.New(func(k string) (string, error) {
	resp, err := http.Get("http://pods.invalid/" + k)
	if err != nil {
		return "", err
	}
	return resp.Status, resp.Body.Close()
})

var local = cache.New(upper)

func Pods() {
	h := health.RegisterLiveness("pods")
	for range h.C {
		remote.Get("x") // want `"pods" \(liveness\): net/http.Get without the health deadline \(it takes no context\): Pods \(loop.go:31\) → ~Cache.Get \(cache.go:27\) → remote.func1 \(loop.go:19\)`
	}
}

func Names() {
	h := health.RegisterLiveness("names")
	for range h.C {
		local.Get("x")
	}
}

// agent holds its cache in a field set only where the agent is built.
type agent struct{ tags *cache.Cache }

func newAgent() *agent {
	return &agent{tags: cache.New(fetchTags)}
}

func fetchTags(host string) (string, error) { // want fetchTags:`reaches net/http.Get unbounded via fetchTags`
	resp, err := http.Get("http://tags.invalid/" + host)
	if err != nil {
		return "", err
	}
	return resp.Status, resp.Body.Close()
}

func (a *agent) Tags() {
	h := health.RegisterLiveness("tags")
	for range h.C {
		a.tags.Get("x") // want `"tags" \(liveness\): net/http.Get without the health deadline \(it takes no context\): agent.Tags \(loop.go:60\) → ~Cache.Get \(cache.go:27\) → fetchTags \(loop.go:50\)`
	}
}

// Through a parameter's field: the argument's object decides.
func Lookups() {
	h := health.RegisterLiveness("lookups")
	for range h.C {
		cache.Lookup(remote, "x") // want `"lookups" \(liveness\): net/http.Get without the health deadline \(it takes no context\): Lookups \(loop.go:68\) → ~Lookup \(cache.go:36\) → remote.func1 \(loop.go:19\)`
		cache.Lookup(local, "x")
	}
}

func upper(k string) (string, error) { return strings.ToUpper(k), nil }

// A settable cache set up where its loop runs holds the loader it was set
// to: its setter call decides, not the literal, which sets none.
func Settled() {
	s := &cache.Settable{}
	s.Set(fetchTags)
	h := health.RegisterLiveness("settled")
	for range h.C {
		s.Get("x") // want `"settled" \(liveness\): net/http.Get without the health deadline \(it takes no context\): Settled \(loop.go:82\) → ~Settable.Get \(cache.go:46\) → fetchTags \(loop.go:50\)`
	}
}
