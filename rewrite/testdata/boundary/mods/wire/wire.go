// Package wire stands for a third-party client: one method has a context
// form beside it, one has none; both block in their bodies.
package wire

import (
	"context"
	"net"
)

// Client sends messages.
type Client struct{}

// Exchange sends one message over a fresh connection.
func (c *Client) Exchange(msg, addr string) (string, error) {
	return c.exchange(context.Background(), msg, addr)
}

// ExchangeContext is Exchange under ctx.
func (c *Client) ExchangeContext(ctx context.Context, msg, addr string) (string, error) {
	return c.exchange(ctx, msg, addr)
}

func (c *Client) exchange(ctx context.Context, msg, addr string) (string, error) {
	conn, err := (&net.Dialer{}).DialContext(ctx, "tcp", addr)
	if err != nil {
		return "", err
	}
	defer conn.Close()
	_, err = conn.Write([]byte(msg))
	return msg, err
}

// Resolve looks a name up; it has no context form.
func (c *Client) Resolve(name string) ([]string, error) { return c.resolve(name) }

func (c *Client) resolve(name string) ([]string, error) { return net.LookupHost(name) }
