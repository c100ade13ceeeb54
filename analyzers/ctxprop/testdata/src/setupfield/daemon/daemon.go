// want package:"dispatch value Conn.dial, method Conn.dial"

// Package daemon opens a connection whose runner its constructor sets up:
// callers run it later, and it runs the connection's own dial.
package daemon

import (
	"net"

	"setupfield/backoff"
)

type Conn struct {
	backoff.Runner
	path string
}

func (c *Conn) dial() error { // want dial:`reaches net.Dial unbounded via Conn.dial`
	conn, err := net.Dial("unix", c.path)
	if err != nil {
		return err
	}
	return conn.Close()
}

// Open builds the connection and sets up its runner; it dials nothing.
func Open(path string) *Conn { // want Open:`constructs result 0 field Runner.opts.Attempt from its method dial by its setup`
	c := &Conn{path: path}
	c.Configure(&backoff.Options{Name: "daemon", Attempt: c.dial})
	return c
}
