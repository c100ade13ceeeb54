//go:build windows

package tg

// lookup on Windows asks nothing of the network.
func lookup(name string) error { return nil }
