// Package impl implements svc.Svc with named parameters: parameter names
// are no part of a signature's identity.
package impl

import "net/http"

type Docker struct{}

func (Docker) Lookup(name string) error { // want Lookup:"reaches net/http.Get unbounded via Docker.Lookup"
	_, err := http.Get(name)
	return err
}

// Status is used as a value, with a named parameter.
func Status(url string) (code int, err error) { // want Status:"reaches net/http.Head unbounded via Status"
	resp, err := http.Head(url)
	if err != nil {
		return 0, err
	}
	return resp.StatusCode, nil
}

var Fetch = Status
