//go:build windows

// Package tgwin exists on Windows only: the build excludes it whole, and
// its call of tg.Fetch is migrated too.
package tgwin

import (
	"context"

	"example.com/x/tg"
)

// resolver is what tg.Client must be on Windows.
type resolver interface{ Resolve(string) error }

var _ resolver = (*tg.Client)(nil)

// Warm fetches once.
func Warm() error { return tg.Fetch(context.TODO(), "w") }
