// Package prov provides a hostname over the network.
package prov

import "net"

func Hostname() (string, error) {
	names, err := net.LookupAddr("10.0.0.1")
	if err != nil || len(names) == 0 {
		return "", err
	}
	return names[0], nil
}
