// Package tg has a function on a path that a build-tagged file calls: the
// set is refused, naming the file, and the other path is rewritten.
package tg

import (
	"net"

	"github.com/ctxlint/ctxlint/runtime/health"
)

func resolve(name string) error {
	_, err := net.LookupHost(name)
	return err
}

func dial(addr string) error {
	c, err := net.Dial("tcp", addr)
	if err != nil {
		return err
	}
	return c.Close()
}

// Loop resolves and dials on every tick.
func Loop() {
	h := health.RegisterLiveness("tagged")
	for range h.C {
		_ = resolve("a")
		_ = dial("b:1")
	}
}
