// Package api declares the interface the loop calls.
package api

// Source is a source of data.
type Source interface {
	// Fetch gets the data named key.
	Fetch(key string) (string, error)
	Name() string
}
