package s

import (
	"context"
	"net"
	"time"

	"github.com/ctxlint/ctxlint/runtime/health"
)

type dialFunc func(ctx context.Context, network, address string, timeout time.Duration) (net.Conn, error)

// checker dials through a field, so that tests can swap the dialer.
type checker struct {
	addr string
	dial dialFunc
}

func newChecker(addr string) *checker {
	return &checker{addr: addr, dial: func(ctx context.Context, p0 string, p1 string, p2 time.Duration) (net.Conn, error) {
		return (&net.Dialer{Timeout: p2}).DialContext(ctx, p0, p1)
	}}
}

func (c *checker) check(ctx context.Context) error {
	conn, err := c.dial(ctx, "tcp", c.addr, time.Second)
	if err != nil {
		return err
	}
	return conn.Close()
}

// Check dials on every tick.
func Check(addr string) {
	c := newChecker(addr)
	h := health.RegisterLiveness("check")
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		_ = c.check(ctx)
		cancel()
	}
}
