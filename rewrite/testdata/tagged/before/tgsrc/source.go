// Package tgsrc reads a source whose implementation differs by platform,
// and which a helper built only with the test tag implements too.
package tgsrc

import "github.com/ctxlint/ctxlint/runtime/health"

// Source reads the system's state.
type Source interface {
	Read() error
}

// Poll reads on every tick.
func Poll(s Source) {
	h := health.RegisterLiveness("source")
	for range h.C {
		_ = s.Read()
		_ = Each(s.Read)
	}
}

// Each runs a read, as a helper given method values does.
func Each(read func() error) error { return read() }
