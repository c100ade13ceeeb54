//go:build !windows

package tg

import "net"

// lookup has one body per platform: this one blocks.
func lookup(name string) error {
	_, err := net.LookupCNAME(name)
	return err
}
