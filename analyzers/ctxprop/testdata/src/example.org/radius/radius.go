// Package radius stands for a client of another module whose exchange
// takes a context.
package radius

import "context"

type Client struct{ answers chan []byte }

// Exchange waits for the answer to packet, or for ctx.
func (c *Client) Exchange(ctx context.Context, packet []byte) ([]byte, error) {
	select {
	case a := <-c.answers:
		return a, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
