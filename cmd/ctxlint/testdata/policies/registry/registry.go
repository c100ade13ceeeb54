// Package registry opens a client whose policy its constructor sets up;
// the caller tries it later.
package registry

import (
	"net/http"

	"github.com/ctxlint/ctxlint/cmd/ctxlint/testdata/policies/retry"
)

type Client struct {
	retry.Policy
	url string
}

func (c *Client) connect() error {
	resp, err := http.Head(c.url)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func Open() *Client {
	c := &Client{url: "https://registry.invalid/v2/"}
	c.Init(&retry.Config{Name: "registry", Attempt: c.connect})
	return c
}
