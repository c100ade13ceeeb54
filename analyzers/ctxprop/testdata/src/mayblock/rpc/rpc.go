// Package rpc calls another module's method that takes a context.
package rpc // want "may block"

import (
	"context"

	rpcclient "example.net/rpc"
)

func Ping(ctx context.Context, c *rpcclient.Client) error { return c.Call(ctx) } // want Ping:"reaches \\(\\*example.net/rpc.Client\\).Call under param 0 via Ping"
