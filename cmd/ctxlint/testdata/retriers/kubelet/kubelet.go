// Package kubelet asks the kubelet over HTTP through its retrier.
package kubelet

import (
	"net/http"

	"github.com/ctxlint/ctxlint/cmd/ctxlint/testdata/retriers/retry"
)

type Client struct {
	retry.Retrier
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
	k.SetupRetrier(&retry.Config{Name: "kubelet", AttemptMethod: k.connect})
	return k, k.TriggerRetry()
}
