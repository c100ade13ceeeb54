//go:build test

package tgsrc

import "context"

// fake is a Source for tests built with -tags test.
type fake struct{ err error }

// Read returns the error set.
func (f *fake) Read(ctx context.Context) error { return f.err }

var _ Source = (*fake)(nil)
