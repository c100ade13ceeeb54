// Package prov provides hostnames: one over the network, one from a file.
package prov

import (
	"net"
	"os"
)

func Hostname() (string, error) {
	names, err := net.LookupAddr("10.0.0.1")
	if err != nil || len(names) == 0 {
		return "", err
	}
	return names[0], nil
}

// FromFile has the same signature and is kept in a variable for tests:
// it is no callee of the catalog.
func FromFile() (string, error) { b, err := os.ReadFile("/etc/hostname"); return string(b), err }

var ForTests = FromFile

// Lookup has the catalog's signature and blocks, but nothing stores it.
func Lookup() (string, error) { return net.LookupCNAME("kubelet") }
