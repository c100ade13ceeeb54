// Package todofix shows the suggested fixes of categories 1 and 2.
package todofix

import (
	"context"
	"net"
)

var dialer net.Dialer

// 1: use the context in scope.
func connect(ctx context.Context) (net.Conn, error) {
	// want +1 `in-scope`
	return dialer.DialContext(context.TODO(), "tcp", "db:5432")
}

// 2: every caller has a context, so the TODO moves up one level.
func lookup(host string) (net.Conn, error) {
	if host == "" {
		return nil, nil
	}
	// want +1 `hoist`
	c, err := dialer.DialContext(context.TODO(), "tcp", host)
	if err != nil {
		return lookup("fallback")
	}
	// want +1 `in lookup \(hoist\)`
	_, _ = dialer.DialContext(context.TODO(), "tcp", host)
	return c, err
}

func primary(ctx context.Context) { lookup("primary") }

func secondary(ctx context.Context, hosts []string) {
	for _, h := range hosts {
		lookup(h)
	}
}

// A method: the receiver stays first.
type pool struct{}

func (p *pool) warm() {
	// want +1 `hoist`
	dialer.DialContext(context.TODO(), "tcp", "warm")
}

func start(ctx context.Context, p *pool) { p.warm() }
