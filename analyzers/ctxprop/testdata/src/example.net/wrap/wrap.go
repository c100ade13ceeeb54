// Package wrap hands out rpc's client behind an interface of its own, and
// imports no context itself.
package wrap

import "example.net/rpc"

func New() *rpc.Client { return new(rpc.Client) }
