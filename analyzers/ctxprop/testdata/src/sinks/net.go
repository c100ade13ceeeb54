package sinks

import (
	"context"
	"crypto/tls"
	"net"
	"time"

	"github.com/ctxlint/ctxlint/runtime/health"
)

// Dialing without a context is reported; net.DialTimeout has a timeout of
// its own, which the report mentions but which is not the loop's deadline.
// (*net.Dialer).DialContext with a bounded context is clean.
func dial() {
	h := health.RegisterLiveness("dialer")
	var d net.Dialer
	for {
		select {
		case deadline := <-h.C:
			net.Dial("tcp", "db:5432")                       // want `"dialer" \(liveness\): net\.Dial without the health deadline \(it takes no context\): dial \(net\.go:\d+\)`
			d.Dial("tcp", "db:5432")                         // want `"dialer" \(liveness\): \(\*net\.Dialer\)\.Dial without the health deadline \(it takes no context\)`
			net.DialTimeout("tcp", "db:5432", 5*time.Second) // want `"dialer" \(liveness\): net\.DialTimeout without the health deadline \(it takes no context; net\.DialTimeout's own timeout exists but is not the loop's deadline\)`

			ctx, cancel := health.WithDeadline(context.Background(), deadline)
			d.DialContext(ctx, "tcp", "db:5432")
			cancel()
		}
	}
}

// DNS lookups: the package-level ones take no context and are reported;
// the *net.Resolver methods run under theirs.
func lookup(host string) {
	h := health.RegisterLiveness("resolver")
	for {
		select {
		case deadline := <-h.C:
			net.LookupHost("kubelet.local") // want `"resolver" \(liveness\): net\.LookupHost without the health deadline \(it takes no context\)`

			// A service's port is parsed, or read from a local file
			// (/etc/services): no round trip, whatever the context.
			net.LookupPort("tcp", "https")
			net.DefaultResolver.LookupPort(context.Background(), "tcp", "http")

			// Resolving an address looks its host name up: a DNS
			// exchange with no context form. An IP address, or no host
			// (the local system), needs no lookup.
			net.ResolveTCPAddr("tcp", "kubelet.local:10250") // want `"resolver" \(liveness\): net\.ResolveTCPAddr without the health deadline \(it takes no context\)`
			net.ResolveUDPAddr("udp", host)                  // want `"resolver" \(liveness\): net\.ResolveUDPAddr without the health deadline \(it takes no context\)`
			net.ResolveIPAddr("ip", "kubelet.local")         // want `"resolver" \(liveness\): net\.ResolveIPAddr without the health deadline \(it takes no context\)`
			net.ResolveTCPAddr("tcp", "127.0.0.1:10250")
			net.ResolveUDPAddr("udp", ":8125")
			net.ResolveUDPAddr("udp6", "[::1]:domain")
			net.ResolveIPAddr("ip4", "10.0.0.1")

			ctx, cancel := health.WithDeadline(context.Background(), deadline)
			net.DefaultResolver.LookupHost(ctx, "kubelet.local")
			cancel()
		}
	}
}

var (
	rawConn net.Conn
	tlsConf = &tls.Config{}
)

// crypto/tls: Dial and Handshake take no context and are reported;
// HandshakeContext with a bounded context is clean.
func tlsHandshake() {
	h := health.RegisterLiveness("tls")
	for {
		select {
		case deadline := <-h.C:
			tls.Dial("tcp", "intake:443", tlsConf) // want `"tls" \(liveness\): crypto/tls\.Dial without the health deadline \(it takes no context\)`

			conn := tls.Client(rawConn, tlsConf)
			conn.Handshake() // want `"tls" \(liveness\): \(\*crypto/tls\.Conn\)\.Handshake without the health deadline \(it takes no context\)`

			ctx, cancel := health.WithDeadline(context.Background(), deadline)
			conn.HandshakeContext(ctx)
			cancel()
		}
	}
}

const statsd = "127.0.0.1:8125"

// Datagram dials do no round trip: a UDP, unixgram or raw IP "connection"
// to a literal address only binds a socket. With a host name, the dial
// still resolves it, which is a blocking DNS lookup.
func datagrams(udpAddr *net.UDPAddr, unixAddr *net.UnixAddr) {
	h := health.RegisterLiveness("datagrams")
	var d net.Dialer
	for range h.C {
		net.Dial("udp", "127.0.0.1:31000")
		net.Dial("udp6", "[::1]:31000")
		net.Dial("udp", statsd)
		net.Dial("unixgram", "/var/run/datadog/dsd.socket")
		net.Dial("ip4:icmp", "10.0.0.1")
		net.DialTimeout("udp", "127.0.0.1:31000", time.Second)
		d.Dial("udp", ":31000")
		d.DialContext(context.Background(), "udp", "127.0.0.1:31000")
		net.DialUDP("udp", nil, udpAddr)
		net.DialUnix("unixgram", nil, unixAddr)

		net.Dial("udp", "statsd.local:8125") // want `"datagrams" \(liveness\): net\.Dial without the health deadline`
		net.Dial("tcp", "127.0.0.1:5432")    // want `"datagrams" \(liveness\): net\.Dial without the health deadline`
		net.DialUnix("unix", nil, unixAddr)  // want `"datagrams" \(liveness\): net\.DialUnix without the health deadline`
		network := "udp"
		net.Dial(network, "127.0.0.1:31000") // want `"datagrams" \(liveness\): net\.Dial without the health deadline`
	}
}
