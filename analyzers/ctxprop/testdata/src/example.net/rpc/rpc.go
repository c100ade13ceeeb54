// Package rpc is another module's client: its call takes a context, so it
// is presumed to block.
package rpc

import "context"

type Client struct{}

func (*Client) Call(ctx context.Context) error { return ctx.Err() }
