// Package context is a stub of golang.org/x/net/context: aliases and
// wrappers of the standard library's.
package context

import (
	"context"
	"time"
)

type Context = context.Context
type CancelFunc = context.CancelFunc

func Background() Context { return context.Background() }
func TODO() Context       { return context.TODO() }

func WithCancel(parent Context) (Context, CancelFunc) { return context.WithCancel(parent) }

func WithDeadline(parent Context, d time.Time) (Context, CancelFunc) {
	return context.WithDeadline(parent, d)
}

func WithTimeout(parent Context, timeout time.Duration) (Context, CancelFunc) {
	return context.WithTimeout(parent, timeout)
}
