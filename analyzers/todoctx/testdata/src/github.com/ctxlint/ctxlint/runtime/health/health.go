// Package health is a stub of ctxlint's runtime/health with its API shape.
package health

import (
	"context"
	"time"
)

type Handle struct{ C <-chan time.Time }

func (h *Handle) Deregister() error { return nil }

type Kind uint8

const (
	Liveness Kind = iota + 1
	Readiness
	Startup
)

type Catalog struct{}

func NewCatalog() *Catalog                                       { return &Catalog{} }
func (c *Catalog) RegisterLiveness(name string) *Handle          { return &Handle{} }
func (c *Catalog) RegisterReadiness(name string) *Handle         { return &Handle{} }
func (c *Catalog) RegisterStartup(name string) *Handle           { return &Handle{} }
func (c *Catalog) Register(k Kind, name string) (*Handle, error) { return &Handle{}, nil }

func RegisterLiveness(name string) *Handle  { return &Handle{} }
func RegisterReadiness(name string) *Handle { return &Handle{} }
func RegisterStartup(name string) *Handle   { return &Handle{} }

func WithDeadline(parent context.Context, deadline time.Time) (context.Context, context.CancelFunc) {
	return context.WithDeadline(parent, deadline)
}
