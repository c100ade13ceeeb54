// Package netpkg imports a sink package of the standard library.
package netpkg // want "may block"

import "net"

func Dial(addr string) (net.Conn, error) { return net.Dial("tcp", addr) } // want Dial:"reaches net.Dial unbounded via Dial"
