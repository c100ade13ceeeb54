// Package api declares the interface the loop calls.
package api

import "context"

// Source is a source of data.
type Source interface {
	// Fetch gets the data named key.
	Fetch(ctx context.Context, key string) (string, error)
	Name() string
}
