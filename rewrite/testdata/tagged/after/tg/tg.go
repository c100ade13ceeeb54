// Package tg has functions on a path that files the build excludes call
// or declare again (one body per platform): those files are edited too,
// and checked with a Windows build; where that build fails, or a file uses
// a function as a value, the set is refused, naming the file.
package tg

import (
	"context"
	"net"

	"github.com/ctxlint/ctxlint/runtime/health"
)

func resolve(ctx context.Context, name string) error {
	_, err := net.DefaultResolver.LookupHost(ctx, name)
	return err
}

func dial(ctx context.Context, addr string) error {
	c, err := (&net.Dialer{}).DialContext(ctx, "tcp", addr)
	if err != nil {
		return err
	}
	return c.Close()
}

// query shares its name with a method that windows.go calls: that call
// is not a call of query, which is rewritten.
func query(ctx context.Context, addr string) error {
	_, err := net.DefaultResolver.LookupCNAME(ctx, addr)
	return err
}

// Fetch is called by a package only Windows builds (tgwin).
func Fetch(ctx context.Context, name string) error {
	_, err := net.DefaultResolver.LookupTXT(ctx, name)
	return err
}

// Client's Resolve satisfies an interface only Windows builds declare
// (tgwin): with ctx it would not, which only that build shows. Refused.
type Client struct{}

func (c *Client) Resolve(name string) error {
	_, err := net.LookupNS(name)
	return err
}

// Loop resolves and dials on every tick.
func Loop() {
	h := health.RegisterLiveness("tagged")
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		_ = resolve(ctx, "a")
		_ = dial(ctx, "b:1")
		_ = query(ctx, "c")
		_ = lookup(ctx, "d")
		_ = probe("e:1")
		_ = ping("f")
		_ = Fetch(ctx, "g")
		_ = (&Client{}).Resolve("h")
		cancel()
	}
}
