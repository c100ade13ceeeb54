//go:build !windows

package tg

import "net"

// probe has one body per platform.
func probe(addr string) error {
	c, err := net.Dial("udp", addr)
	if err != nil {
		return err
	}
	return c.Close()
}

// ping is stored as a value on Windows (hooks in windows.go).
func ping(addr string) error {
	_, err := net.LookupMX(addr)
	return err
}
