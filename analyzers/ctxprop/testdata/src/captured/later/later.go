// want package:"dispatch value logged.func1, value decorated.func1, value startEvery.func1"

// Package later: literals handed to a helper that runs them later, in a
// literal it returns or in a monitored loop of its own, are found there.
// (A package of its own, so that no literal of another fixture shares
// the shape.)
package later

import (
	"net"

	"github.com/ctxlint/ctxlint/runtime/health"
)

// A decorator returns a literal that calls its parameter later: the
// literal handed to it runs when the decorated function does.
func logged(f func() error) func() error {
	return func() error { return f() }
}

func dial(addr string) error { // want dial:"reaches net.Dial unbounded via dial"
	c, err := net.Dial("tcp", addr)
	if err == nil {
		err = c.Close()
	}
	return err
}

// (A literal handed to a call is taken to run during it, too: decorated
// is taken to dial where it builds check.)
func decorated() { // want decorated:"reaches net.Dial unbounded via decorated→dial"
	check := logged(func() error { return dial("db:5432") })
	h := health.RegisterLiveness("decorated")
	for range h.C {
		_ = check() // want `"decorated" \(liveness\): net\.Dial without the health deadline`
	}
}

// A helper with a monitored loop of its own runs its parameter there, not
// during the call that passed it.
func every(name string, step func() error) {
	h := health.RegisterLiveness(name)
	for range h.C {
		_ = step() // want `\(liveness\): net\.Dial without the health deadline`
	}
}

func startEvery() {
	go every("step", func() error { return dial("db:5432") })
}
