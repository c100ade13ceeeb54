// Package field keeps a context in a struct field, set once when the
// client is made: on the loop's path the call takes the loop's context
// instead, and the field stays for the client's other uses.
package field

import (
	"context"
	"net"

	"github.com/ctxlint/ctxlint/runtime/health"
)

// Client resolves names under the context it was made with.
type Client struct {
	ctx context.Context
	r   net.Resolver
}

// New makes a client for the lifetime of ctx.
func New(ctx context.Context) *Client { return &Client{ctx: ctx} }

func (c *Client) addrs(host string) ([]string, error) {
	return c.r.LookupHost(c.ctx, host)
}

// Close is another use of the field.
func (c *Client) Close() error { return context.Cause(c.ctx) }

// Loop resolves on every tick.
func Loop(c *Client) {
	h := health.RegisterLiveness("field")
	for range h.C {
		_, _ = c.addrs("example.com")
	}
}
