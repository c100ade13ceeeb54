// want package:"dispatch value query"

// Package passedfunc: a named function passed to a helper of the package,
// which calls it. The program runs it at the helper's call of its
// parameter, and the chain says so: the loop's call of the helper, then
// the helper's call through its parameter (~, a dynamic call), then the
// function passed.
package passedfunc

import (
	"net"

	"github.com/ctxlint/ctxlint/runtime/health"
)

func query(addr string) error { // want query:"reaches net.Dial unbounded via query"
	c, err := net.Dial("tcp", addr)
	if err != nil {
		return err
	}
	return c.Close()
}

// collect calls fetch for each address.
func collect(addrs []string, fetch func(string) error) error {
	for _, a := range addrs {
		if err := fetch(a); err != nil {
			return err
		}
	}
	return nil
}

func collector() {
	h := health.RegisterLiveness("collector")
	for range h.C {
		_ = collect([]string{"db:5432"}, query) // want `"collector" \(liveness\): net\.Dial without the health deadline \(it takes no context\): collector \(passedfunc\.go:37\) → ~collect \(passedfunc\.go:27\) → query \(passedfunc\.go:17\)`
	}
}

// each calls its functions through a slice: no call of a parameter by
// name, so the chain goes from the call of each to the function passed.
func each(addr string, fetches ...func(string) error) { // want each:"reaches net.Dial unbounded via each→query"
	for _, f := range fetches {
		_ = f(addr)
	}
}

func fanout() {
	h := health.RegisterLiveness("fanout")
	for range h.C {
		each("db:5432", query) // want `"fanout" \(liveness\): net\.Dial without the health deadline \(it takes no context\): fanout \(passedfunc\.go:52\) → query \(passedfunc\.go:17\)`
	}
}

// Every caller of probe passes, in place, the function it runs: its call
// of check runs what they pass, not every function of the package of that
// shape (query is one, a value above).
func probe(check func(string) error) error { return check("localhost") }

func resolvable(addr string) error { return nil }

func prober() {
	h := health.RegisterLiveness("prober")
	for range h.C {
		_ = probe(resolvable)
		_ = probe(func(string) error { return nil })
		bound := func(string) error { return nil }
		_ = probe(bound)
	}
}
