// Package lib is imported by code outside the module: with -fix.compat its
// exported functions keep their old signatures as deprecated wrappers.
package lib

import (
	"context"
	"net"
)

// ResolveContext resolves name.
func ResolveContext(ctx context.Context, name string) (string, error) {
	addrs, err := net.DefaultResolver.LookupHost(ctx, name)
	if err != nil || len(addrs) == 0 {
		return "", err
	}
	return addrs[0], nil
}

// Resolve is ResolveContext without a context.
//
// Deprecated: use ResolveContext, which takes the context the call runs under.
//
//go:fix inline
func Resolve(name string) (string, error) { return ResolveContext(context.TODO(), name) }

// Client resolves through Resolve.
type Client struct{ Prefix string }

// LookupContext resolves the prefixed name; the receiver is unnamed.
func (*Client) LookupContext(ctx context.Context, names ...string) error {
	for _, n := range names {
		if _, err := ResolveContext(ctx, n); err != nil {
			return err
		}
	}
	return nil
}

// Lookup is LookupContext without a context.
//
// Deprecated: use LookupContext, which takes the context the call runs under.
//
//go:fix inline
func (x *Client) Lookup(names ...string) error { return x.LookupContext(context.TODO(), names...) }

// helper is unexported: it changes in place.
func helper(ctx context.Context, c *Client) error { return c.LookupContext(ctx, "a", "b") }

// CheckContext runs the helper.
func CheckContext(ctx context.Context, c *Client) error { return helper(ctx, c) }

// Check is CheckContext without a context.
//
// Deprecated: use CheckContext, which takes the context the call runs under.
//
//go:fix inline
func Check(c *Client) error { return CheckContext(context.TODO(), c) }
