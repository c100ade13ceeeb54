// Package kubelet asks the kubelet over HTTP through its policy.
package kubelet

import (
	"net/http"

	"github.com/ctxlint/ctxlint/cmd/ctxlint/testdata/policies/retry"
)

type Client struct {
	retry.Policy
	url string
}

func (k *Client) connect() error {
	resp, err := http.Get(k.url)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func New() (*Client, error) {
	k := &Client{url: "https://kubelet.invalid:10250/pods"}
	k.Init(&retry.Config{Name: "kubelet", Attempt: k.connect})
	return k, k.Try()
}
