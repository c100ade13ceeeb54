// Package svc declares interfaces whose methods leave their parameters
// unnamed; their implementations live elsewhere and name them.
package svc

type Svc interface{ Lookup(string) error }

// Fetcher is a function type with unnamed parameters.
type Fetcher func(string) (int, error)
