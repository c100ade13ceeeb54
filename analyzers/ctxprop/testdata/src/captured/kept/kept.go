// want package:"dispatch value jobs.add.func1"

// Package kept: a literal bound to a local and handed on may be kept by
// what it is handed to (here appended to a list), and run later through a
// parameter whose callers do not pass it in place: the helper's call runs
// the literals of its shape. (A package of its own, so that no literal of
// another fixture shares the shape.)
package kept

import (
	"net"

	"github.com/ctxlint/ctxlint/runtime/health"
)

type jobs struct{ list []func() error }

// A literal handed to any call is taken to run during it, append too: add
// is taken to dial (a local slice of checks run later is found so).
func (j *jobs) add(addr string) { // want add:"reaches net.Dial unbounded via jobs.add→jobs.add"
	job := func() error {
		c, err := net.Dial("tcp", addr)
		if err == nil {
			err = c.Close()
		}
		return err
	}
	j.list = append(j.list, job)
}

func safely(f func() error) error { // want safely:"reaches net.Dial unbounded via safely→jobs.add.func1"
	defer func() { _ = recover() }()
	return f()
}

func (j *jobs) runAll() {
	h := health.RegisterLiveness("jobs")
	for range h.C {
		for _, f := range j.list {
			_ = safely(f) // want `"jobs" \(liveness\): net\.Dial without the health deadline \(it takes no context\): jobs\.runAll \(kept\.go:\d+\) → ~safely \(kept\.go:\d+\) → jobs\.add\.func1 \(kept\.go:\d+\)`
		}
	}
}
