package cgoname

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
