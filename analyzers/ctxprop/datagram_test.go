package ctxprop

import (
	"net"
	"testing"
)

// TestHostOf: hostOf splits an address as net.SplitHostPort does.
func TestHostOf(t *testing.T) {
	for _, addr := range []string{
		"127.0.0.1:31000", ":8125", "localhost:8125", "statsd.local:8125", "host:",
		"[::1]:8125", "[fe80::1%eth0]:53", "[1.2.3.4]:80", "[]:80",
		"::1:8125", "a:b:c", "[::1]x:80", "[::1]:80:90", "1.2.3.4]:80", "[1.2.3.4:80", "noport", "",
	} {
		want, _, err := net.SplitHostPort(addr)
		got, ok := hostOf(addr)
		if ok != (err == nil) || ok && got != want {
			t.Errorf("hostOf(%q) = %q, %v; net.SplitHostPort gives %q, %v", addr, got, ok, want, err)
		}
	}
}
