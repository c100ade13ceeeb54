// Package impl implements iface.Provider, one of them over HTTP.
package impl

import (
	"net/http"
	"os"
)

type HTTPProvider struct{ URL string }

func (p *HTTPProvider) Collect() error { // want Collect:"reaches net/http.Get unbounded via HTTPProvider.Collect"
	_, err := http.Get(p.URL)
	return err
}

type FileProvider struct{ Path string }

func (p FileProvider) Collect() error {
	_, err := os.ReadFile(p.Path)
	return err
}
