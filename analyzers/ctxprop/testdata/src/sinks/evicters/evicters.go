// Package evicters hands out another module's client behind its own
// interface; it calls nothing itself, so it exports no fact.
package evicters

import (
	"context"

	"example.org/kube"
)

type Evicter interface {
	Evict(ctx context.Context, name string) error
}

func New() Evicter { return kube.NewClient() }
