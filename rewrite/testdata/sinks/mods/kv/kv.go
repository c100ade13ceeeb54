// Package kv stands for a third-party client whose blocking methods have a
// context form beside them: M and MWithContext, or M and MContext. Its
// module path ends in /v2, which the rewrite's imports must keep.
package kv

import "context"

// Client talks to a key-value store.
type Client struct{}

// Get blocks.
func (c *Client) Get(key string) (string, error) { return c.GetWithContext(context.Background(), key) }

// GetWithContext is Get under ctx.
func (c *Client) GetWithContext(ctx context.Context, key string) (string, error) {
	return key, ctx.Err()
}

// Watch blocks.
func (c *Client) Watch(prefix string) error { return c.WatchContext(context.Background(), prefix) }

// WatchContext is Watch under ctx.
func (c *Client) WatchContext(ctx context.Context, prefix string) error { return ctx.Err() }
