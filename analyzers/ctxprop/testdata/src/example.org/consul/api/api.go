// Package api stands for the Consul API client: every KV call goes
// through one (*http.Client).Do, in code the user cannot edit.
package api

import (
	"context"
	"net/http"
)

type Client struct{ hc *http.Client }

func NewClient() *Client { return &Client{hc: http.DefaultClient} }

func (c *Client) KV() *KV { return &KV{c: c} }

type KV struct{ c *Client }

func (k *KV) List(prefix string) ([]string, error) { return k.c.do("/v1/kv/" + prefix + "?recurse") }
func (k *KV) Keys(prefix string) ([]string, error) { return k.c.do("/v1/kv/" + prefix + "?keys") }
func (k *KV) Get(key string) ([]string, error)     { return k.c.do("/v1/kv/" + key) }

func (c *Client) do(path string) ([]string, error) {
	req, err := http.NewRequest("GET", "http://consul:8500"+path, nil)
	if err != nil {
		return nil, err
	}
	_, err = c.hc.Do(req)
	return nil, err
}

// QueryOptions carries a context to the request, as Consul's does.
type QueryOptions struct{ ctx context.Context }

func (o *QueryOptions) WithContext(ctx context.Context) *QueryOptions {
	o2 := *o
	o2.ctx = ctx
	return &o2
}

func (k *KV) GetOpts(key string, q *QueryOptions) ([]string, error) {
	req, err := http.NewRequest("GET", "http://consul:8500/v1/kv/"+key, nil)
	if err != nil {
		return nil, err
	}
	if q != nil && q.ctx != nil {
		req = req.WithContext(q.ctx)
	}
	_, err = k.c.hc.Do(req)
	return nil, err
}
