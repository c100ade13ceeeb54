// Package own declares an interface whose method takes a context: one only
// other modules implement is presumed to block. Its import closure is the
// standard library alone, with no sink package: the context is what says
// a call may block.
package own // want "may block"

import "context"

type Store interface {
	Load(ctx context.Context) error
}

func Load(ctx context.Context, s Store) error { return s.Load(ctx) } // want Load:"reaches \\(mayblock/own.Store\\).Load under param 0 via Load"
