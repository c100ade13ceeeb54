// want package:"dispatch value reverse"

// Package probes has other lookups of the handler's signature, used as
// values: a signature alone would say a handler may run any of them.
package probes

import "net"

var Lookups = map[string]func() (string, error){
	"reverse": reverse,
	"static":  static,
}

func reverse() (string, error) { // want reverse:"reaches net.LookupAddr unbounded via reverse"
	names, err := net.LookupAddr("10.0.0.1")
	if err != nil || len(names) == 0 {
		return "", err
	}
	return names[0], nil
}

func static() (string, error) { return "10.0.0.2", nil }
