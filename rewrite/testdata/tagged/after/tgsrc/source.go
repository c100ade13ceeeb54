// Package tgsrc reads a source whose implementation differs by platform,
// and which a helper built only with the test tag implements too.
package tgsrc

import (
	"context"

	"github.com/ctxlint/ctxlint/runtime/health"
)

// Source reads the system's state.
type Source interface {
	Read(ctx context.Context) error
}

// Poll reads on every tick.
func Poll(s Source) {
	h := health.RegisterLiveness("source")
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		_ = s.Read(ctx)
		_ = Each(ctx, s.Read)
		cancel()
	}
}

// Each runs a read, as a helper given method values does.
func Each(ctx context.Context, read func(context.Context) error) error { return read(ctx) }
