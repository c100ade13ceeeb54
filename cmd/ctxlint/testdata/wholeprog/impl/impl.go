// Package impl implements iface.Source over HTTP.
package impl

import "net/http"

type HTTPSource struct{ URL string }

func (s HTTPSource) Fetch() error {
	_, err := http.Get(s.URL)
	return err
}
