// want package:"dispatch value Client.dial, method Client.dial"

// Package socket connects to a daemon's socket through the runner it
// embeds, configured and run by one constructor.
package socket

import (
	"net"

	"setupfield/backoff"
)

type Client struct {
	backoff.Runner
	path string
}

func (c *Client) dial() error { // want dial:`reaches net.Dial unbounded via Client.dial`
	conn, err := net.Dial("unix", c.path)
	if err != nil {
		return err
	}
	return conn.Close()
}

func New() (*Client, error) { // want New:`reaches net.Dial unbounded via New→Runner.Run→Runner.step→Client.dial` New:`constructs result 0 field Runner.opts.Attempt from its method dial by its setup`
	c := &Client{path: "/run/daemon.sock"}
	c.Configure(&backoff.Options{Name: "socket", Attempt: c.dial})
	return c, c.Run()
}
