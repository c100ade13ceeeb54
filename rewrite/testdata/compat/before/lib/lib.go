// Package lib is imported by code outside the module: with -fix.compat its
// exported functions keep their old signatures as deprecated wrappers.
package lib

import "net"

// Resolve resolves name.
func Resolve(name string) (string, error) {
	addrs, err := net.LookupHost(name)
	if err != nil || len(addrs) == 0 {
		return "", err
	}
	return addrs[0], nil
}

// Client resolves through Resolve.
type Client struct{ Prefix string }

// Lookup resolves the prefixed name; the receiver is unnamed.
func (*Client) Lookup(names ...string) error {
	for _, n := range names {
		if _, err := Resolve(n); err != nil {
			return err
		}
	}
	return nil
}

// helper is unexported: it changes in place.
func helper(c *Client) error { return c.Lookup("a", "b") }

// Check runs the helper.
func Check(c *Client) error { return helper(c) }
