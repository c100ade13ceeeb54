// Package client stands for an etcd v2 client: its KeysAPI implementation
// is unexported and does the round trip in a goroutine.
package client

import (
	"context"
	"net/http"
)

type Response struct{ Value string }

type KeysAPI interface {
	Get(ctx context.Context, key string) (*Response, error)
}

func NewKeysAPI() KeysAPI { return &httpKeysAPI{} }

type httpKeysAPI struct{ c http.Client }

func (k *httpKeysAPI) Get(ctx context.Context, key string) (*Response, error) {
	done := make(chan error, 1)
	go func() {
		req, _ := http.NewRequestWithContext(ctx, "GET", "http://etcd/v2/keys/"+key, nil)
		_, err := k.c.Do(req)
		done <- err
	}()
	select {
	case err := <-done:
		return &Response{}, err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
