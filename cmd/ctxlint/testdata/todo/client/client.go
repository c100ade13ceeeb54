// Package client reaches the network with contexts it does not have yet.
package client

import (
	"context"
	"net"
)

var dialer net.Dialer

// Fetch is called from a monitored loop in another package: its TODO is
// on a stuck path, which only the whole program shows.
func Fetch(addr string) error {
	c, err := dialer.DialContext(context.TODO(), "tcp", addr) // no deadline yet
	if err != nil {
		return err
	}
	return c.Close()
}

// Ping has a context to use.
func Ping(ctx context.Context, addr string) error {
	c, err := dialer.DialContext(context.TODO(), "tcp", addr)
	if err != nil {
		return err
	}
	return c.Close()
}

func init() {
	_ = Ping(context.TODO(), "localhost:1")
}
