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

// Callers run what they pass only during their call. A monitored loop of
// the helper's own, or a literal of the helper that runs later, runs it
// through the parameter itself: it must still resolve there.
func every(name string, step func(string) error) {
	h := health.RegisterLiveness(name)
	for range h.C {
		_ = step(name) // want `\(liveness\): net\.Dial without the health deadline \(it takes no context\): ~every \(passedfunc\.go:\d+\) → query \(passedfunc\.go:\d+\)`
	}
}

type worker struct{ run func() }

func newWorker(fetch func(string) error) *worker {
	return &worker{run: func() { _ = fetch("db:5432") }}
}

func starts() { // want starts:"reaches net.Dial unbounded via starts→newWorker→query"
	go every("step", query)
	w := newWorker(query)
	h := health.RegisterLiveness("worker")
	for range h.C {
		w.run() // want `"worker" \(liveness\): net\.Dial without the health deadline`
	}
}

// A caller that passes its own parameter on passes what its callers gave
// it, unless it may replace it first: then the helper's call may run the
// replacement, or anything of the shape.
func dryRun(fetch func(string) error, dry bool) error { // want dryRun:"reaches net.Dial unbounded via dryRun→probeAgain→query"
	if dry {
		fetch = resolvable
	}
	return probeAgain(fetch)
}

func probeAgain(check func(string) error) error { return check("localhost") } // want probeAgain:"reaches net.Dial unbounded via probeAgain→query"

func replacedParam() {
	h := health.RegisterLiveness("replaced-param")
	for range h.C {
		_ = dryRun(resolvable, false) // want `"replaced-param" \(liveness\): net\.Dial without the health deadline`
	}
}

// A local whose address is taken may be set through the pointer.
func choose(f *func(string) error, remote bool) {
	if remote {
		*f = query
	}
}

func probeOnce(check func(string) error) error { return check("localhost") } // want probeOnce:"reaches net.Dial unbounded via probeOnce→query"

func replacedLocal(remote bool) {
	h := health.RegisterLiveness("replaced-local")
	for range h.C {
		f := resolvable
		choose(&f, remote)
		_ = probeOnce(f) // want `"replaced-local" \(liveness\): net\.Dial without the health deadline`
	}
}

// An unexported method may be called through an interface of the package,
// with arguments out of sight, even one written inside a function.
type runner struct{}

func (runner) run(check func(string) error) error { return check("localhost") } // want run:"reaches net.Dial unbounded via runner.run→query"

func viaInterface() { // want viaInterface:"reaches net.Dial unbounded via viaInterface→runner.run→query"
	_ = runner{}.run(resolvable)
	var r interface {
		run(func(string) error) error
	} = runner{}
	h := health.RegisterLiveness("iface")
	for range h.C {
		_ = r.run(resolvable) // want `"iface" \(liveness\): net\.Dial without the health deadline`
	}
}

// A function that hands its own parameter on from a literal that runs
// later, or from a loop of its own, does not run it during its call: the
// helper's call of it must still resolve.
func probeLater(check func(string) error) error { return check("localhost") } // want probeLater:"reaches net.Dial unbounded via probeLater→query"

func workerOf(fetch func(string) error) *worker {
	return &worker{run: func() { _ = probeLater(fetch) }}
}

func laterWorker() { // want laterWorker:"reaches net.Dial unbounded via laterWorker→query"
	w := workerOf(query)
	h := health.RegisterLiveness("later")
	for range h.C {
		w.run() // want `"later" \(liveness\): net\.Dial without the health deadline`
	}
}

func probeEach(check func(string) error) error { return check("localhost") } // want probeEach:"reaches net.Dial unbounded via probeEach→query"

func everyProbe(name string, step func(string) error) {
	h := health.RegisterLiveness(name)
	for range h.C {
		_ = probeEach(step) // want `\(liveness\): net\.Dial without the health deadline`
	}
}

func startProbes() { go everyProbe("probe", query) }

// Literals kept in a local slice run where the slice is ranged over.
func checkList() {
	h := health.RegisterLiveness("checks")
	for range h.C {
		var fs []func(string) error
		job := func(addr string) error { return query(addr) }
		fs = append(fs, job) // want `"checks" \(liveness\): net\.Dial without the health deadline`
		for _, f := range fs {
			_ = f("db:5432")
		}
	}
}
