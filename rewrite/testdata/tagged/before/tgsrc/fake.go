//go:build test

package tgsrc

// fake is a Source for tests built with -tags test.
type fake struct{ err error }

// Read returns the error set.
func (f *fake) Read() error { return f.err }

var _ Source = (*fake)(nil)
