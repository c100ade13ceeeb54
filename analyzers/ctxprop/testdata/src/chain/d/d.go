// Package d makes the remote call, under the context it is given.
package d

import (
	"context"
	"net/http"
)

func Do(ctx context.Context, url string) error { // want Do:"reaches \\(\\*net/http.Client\\).Do under param 0 via Do"
	req, err := http.NewRequestWithContext(ctx, "GET", url, nil)
	if err != nil {
		return err
	}
	_, err = http.DefaultClient.Do(req)
	return err
}

// Legacy has no context at all.
func Legacy(url string) error { // want Legacy:"reaches net/http.Get unbounded via Legacy"
	_, err := http.Get(url)
	return err
}
