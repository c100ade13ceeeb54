//go:build !linux

package main

import "errors"

// hangConnects needs Linux's handling of a full accept queue (new SYNs are
// dropped, so connect hangs); see connecthang_linux_test.go.
func hangConnects(port int) (release func(), err error) {
	return nil, errors.New("making connect hang needs Linux's accept-queue behaviour")
}

func connecting(port int) (int, error) { return 0, errors.New("needs Linux") }
