// Package httpimpl implements api.Source over HTTP.
package httpimpl

import (
	"context"
	"io"
	"net/http"
)

// Source reads over HTTP.
type Source struct{ URL string }

// Fetch GETs key.
func (s *Source) Fetch(ctx context.Context, key string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, "GET", s.URL+"/"+key, nil)
	if err != nil {
		return "", err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return string(b), err
}

// Name names the source.
func (s *Source) Name() string { return "http" }
