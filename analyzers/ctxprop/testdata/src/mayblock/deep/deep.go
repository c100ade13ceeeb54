// Package deep imports no context, but its closure does: wrap's client
// takes one.
package deep // want "may block"

import "example.net/wrap"

type caller interface{ Call() error }

var c = wrap.New()

func Use(x caller) error { return x.Call() }
