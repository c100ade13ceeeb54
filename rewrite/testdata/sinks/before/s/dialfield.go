package s

import (
	"net"
	"time"

	"github.com/ctxlint/ctxlint/runtime/health"
)

type dialFunc func(network, address string, timeout time.Duration) (net.Conn, error)

// checker dials through a field, so that tests can swap the dialer.
type checker struct {
	addr string
	dial dialFunc
}

func newChecker(addr string) *checker { return &checker{addr: addr, dial: net.DialTimeout} }

func (c *checker) check() error {
	conn, err := c.dial("tcp", c.addr, time.Second)
	if err != nil {
		return err
	}
	return conn.Close()
}

// Check dials on every tick.
func Check(addr string) {
	c := newChecker(addr)
	h := health.RegisterLiveness("check")
	for range h.C {
		_ = c.check()
	}
}
