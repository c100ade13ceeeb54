// Package store wraps the etcd client behind a module-local interface, and
// offers a cache that implements another one in the module.
package store

import (
	"context"

	"example.org/etcd/client"
)

// Backend is module-local; what fills it comes from another module.
type Backend interface {
	Get(ctx context.Context, key string) (*client.Response, error)
}

type Provider struct{ Client Backend }

func New() *Provider { return &Provider{Client: client.NewKeysAPI()} }

// Cache is module-local and implemented in the module, by memory.
type Cache interface {
	Lookup(ctx context.Context, key string) (string, bool)
}

type memory map[string]string

func (m memory) Lookup(ctx context.Context, key string) (string, bool) {
	v, ok := m[key]
	return v, ok
}

func NewCache() Cache { return memory{} }
