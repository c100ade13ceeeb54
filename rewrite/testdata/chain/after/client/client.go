// Package client talks to a remote API.
package client

import (
	"context"
	"io"
	"net/http"
)

// Client is an API client.
type Client struct {
	http *http.Client
	url  string
}

// Fetch GETs path. // a trailing comment on the changed line
func (c *Client) Fetch(ctx context.Context, path string) ([]byte, error) {
	// The request carries no context.
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.url+path, nil) // build
	if err != nil {
		return nil, err
	}
	resp, err := c.http.Do(req) /* send */
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}
