// Package kube stands for a client of another module that takes contexts.
package kube

import "context"

type Pod struct{ Name string }

type Client struct{}

func (c *Client) ListPods(ctx context.Context, ns string) ([]Pod, error) { return nil, nil }

// Evict names only standard types, so that a package can declare an
// interface it satisfies without importing kube.
func (c *Client) Evict(ctx context.Context, name string) error { return nil }

// Version takes no context: not presumed blocking.
func (c *Client) Version() string { return "" }

// PodsGetter is an interface of another module, like generated gRPC clients.
type PodsGetter interface {
	GetPod(ctx context.Context, name string) (Pod, error)
}

func NewClient() *Client { return &Client{} }
