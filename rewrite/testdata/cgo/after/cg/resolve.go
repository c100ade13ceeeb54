// Package cg reaches a blocking call through a function of a cgo file,
// which ctxlint does not edit: the set is refused, and nothing changes.
package cg

/*
static int one(void) { return 1; }
*/
import "C"

import "net"

func resolve(name string) error {
	_ = C.one()
	_, err := net.LookupHost(name)
	return err
}
