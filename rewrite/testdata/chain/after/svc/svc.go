// Package svc sits between the loop and the client.
package svc

import (
	"context"

	"example.com/x/client"
)

// Tags reads the tags, through the client.
func Tags(ctx context.Context, c *client.Client) ([]byte, error) {
	return c.Fetch(ctx, "/tags") // one hop
}

// Unmonitored also calls Tags, from no loop: it passes context.TODO().
func Unmonitored(c *client.Client) {
	_, _ = Tags(context.TODO(), c)
}
