// Package indirectfact imports nothing that blocks but a package that only
// links another module's client in: its function still reaches the
// client's blocking method, through the package's own interface.
package indirectfact

import (
	"context"

	_ "sinks/plugins"
)

type evicter interface {
	Evict(ctx context.Context, name string) error
}

var pods evicter

func Evict() { // want Evict:"reaches \\(\\*example.org/kube.Client\\).Evict unbounded via Evict"
	pods.Evict(context.Background(), "web-1")
}
