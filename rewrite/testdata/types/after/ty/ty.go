// Package ty holds functions in values of a named func type, in a struct
// literal without field names, and in an http.HandlerFunc: the first two
// change with their functions; the last is a type of another module, so
// the handler is refused and the rest applied.
package ty

import (
	"context"
	"net"
	"net/http"

	"github.com/ctxlint/ctxlint/runtime/health"
)

// Getter looks a name up.
type Getter func(ctx context.Context, name string) (string, error)

func lookup(ctx context.Context, name string) (string, error) {
	addrs, err := net.DefaultResolver.LookupHost(ctx, name)
	if err != nil || len(addrs) == 0 {
		return "", err
	}
	return addrs[0], nil
}

type pair struct {
	name string
	get  Getter
}

var byName = []pair{{"dns", lookup}}

func handle(w http.ResponseWriter, r *http.Request) {
	_, _ = net.LookupHost(r.Host)
}

// Mux serves handle.
func Mux() *http.ServeMux {
	m := http.NewServeMux()
	m.Handle("/", http.HandlerFunc(handle))
	return m
}

// Loop resolves on every tick.
func Loop() {
	h := health.RegisterLiveness("types")
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		for _, p := range byName {
			_, _ = p.get(ctx, p.name)
		}
		handle(nil, &http.Request{Host: "x"})
		cancel()
	}
}

func probe(name string) error {
	_, err := net.LookupHost(name)
	return err
}

// registry keeps probe as an interface value, asserted back later: its
// signature must not change.
var registry = map[string]any{"probe": probe}

// Probe runs the registered probe on every tick.
func Probe() {
	h := health.RegisterLiveness("probe")
	for range h.C {
		_ = probe("p")
		if f, ok := registry["probe"].(func(string) error); ok {
			_ = f("q")
		}
		switch g := registry["probe"].(type) {
		case func(string) error:
			_ = g("r")
		}
		run(registry["probe"].(func(string) error))
	}
}

// run is passed the asserted value itself: its parameter keeps the
// asserted signature.
func run(f func(string) error) {
	_ = f("s")
}
