// Package grpcimpl implements api.Source from memory (a stand-in for a
// second, local implementation).
package grpcimpl

// Source is a map.
type Source map[string]string

// Fetch looks key up.
func (s Source) Fetch(name string) (string, error) { return s[name], nil }

// Name names the source.
func (s Source) Name() string { return "mem" }
