// Package transport does the round trip.
package transport

import "net/http"

type Real struct{}

func (Real) Do(url string) error {
	_, err := http.Get(url)
	return err
}
