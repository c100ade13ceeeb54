// Package viaevicters imports only its own module and the standard
// library, yet reaches another module's blocking method: the fast path
// must look at the whole import closure, not at direct imports alone.
package viaevicters

import (
	"context"

	"sinks/evicters"
)

func Evict() { // want Evict:"reaches \\(\\*example.org/kube.Client\\).Evict unbounded via Evict"
	evicters.New().Evict(context.Background(), "web-1")
}
