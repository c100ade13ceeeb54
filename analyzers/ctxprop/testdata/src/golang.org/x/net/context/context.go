// Package context is a stub of golang.org/x/net/context: aliases.
package context

import "context"

type Context = context.Context

func Background() Context { return context.Background() }
