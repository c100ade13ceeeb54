// Package prov provides a hostname over DNS. It does not use Hostname as
// a value itself: another package registers it.
package prov

import "net"

func Hostname() (string, error) { // want Hostname:"reaches net.LookupAddr unbounded via Hostname"
	names, err := net.LookupAddr("10.0.0.1")
	if err != nil || len(names) == 0 {
		return "", err
	}
	return names[0], nil
}
