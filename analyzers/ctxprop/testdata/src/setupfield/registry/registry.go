// want package:"dispatch value Client.fetch, method Client.fetch"

// Package registry shares one client, built and configured on first use,
// whose runner is a named field.
package registry

import (
	"net/http"

	"setupfield/backoff"
)

type Client struct {
	retry backoff.Runner
	url   string
}

func (c *Client) fetch() error { // want fetch:`reaches net/http.Get unbounded via Client.fetch`
	resp, err := http.Get(c.url)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func newClient(url string) *Client { return &Client{url: url} }

var shared *Client

// Get builds the shared client with a constructor, which does not say
// what its runner holds; the setup that follows does.
func Get() (*Client, error) { // want Get:`reaches net/http.Get unbounded via Get→Runner.Run→Runner.step→Client.fetch`
	if shared == nil {
		shared = newClient("http://registry:5000/v2/")
		shared.retry.Configure(&backoff.Options{Name: "registry", Attempt: shared.fetch})
	}
	return shared, shared.retry.Run()
}
