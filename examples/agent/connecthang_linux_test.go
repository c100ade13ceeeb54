package main

import (
	"errors"
	"fmt"
	"net"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// hangConnects listens on 127.0.0.1:port with an accept backlog of 0 and
// never accepts, then fills the accept queue with connections of its own
// until a dial does not complete: from then on Linux drops the SYNs of new
// connections to the port, so their connect hangs. release closes the
// listener and the connections. The port may have just been closed by
// another listener: the socket reuses the address.
func hangConnects(port int) (release func(), err error) {
	fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		return nil, err
	}
	var conns []net.Conn
	release = func() {
		syscall.Close(fd)
		for _, c := range conns {
			c.Close()
		}
	}
	if err := syscall.SetsockoptInt(fd, syscall.SOL_SOCKET, syscall.SO_REUSEADDR, 1); err != nil {
		release()
		return nil, err
	}
	if err := syscall.Bind(fd, &syscall.SockaddrInet4{Port: port, Addr: [4]byte{127, 0, 0, 1}}); err != nil {
		release()
		return nil, fmt.Errorf("bind 127.0.0.1:%d: %w", port, err)
	}
	if err := syscall.Listen(fd, 0); err != nil {
		release()
		return nil, err
	}
	addr := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	// Linux queues backlog+1 connections; a few more in case of another
	// kernel's accounting.
	for range 16 {
		c, err := net.DialTimeout("tcp", addr, 500*time.Millisecond)
		if err == nil {
			conns = append(conns, c)
			continue
		}
		var ne net.Error
		if !errors.As(err, &ne) || !ne.Timeout() {
			release()
			return nil, fmt.Errorf("dialing the full listener failed instead of hanging (tcp_abort_on_overflow?): %w", err)
		}
		// Hangs: check once more that it is not a fluke of a loaded machine.
		if c, err := net.DialTimeout("tcp", addr, 500*time.Millisecond); err == nil {
			conns = append(conns, c)
			continue
		}
		return release, nil
	}
	release()
	return nil, fmt.Errorf("%d connections completed to a listener with backlog 0 that never accepts", len(conns))
}

// connecting counts this machine's connections to 127.0.0.1:port whose
// connect is pending (SYN_SENT), from /proc/net/tcp.
func connecting(port int) (int, error) {
	b, err := os.ReadFile("/proc/net/tcp")
	if err != nil {
		return 0, err
	}
	remote := fmt.Sprintf("0100007F:%04X", port)
	n := 0
	for line := range strings.SplitSeq(string(b), "\n") {
		// sl local_address rem_address st ...
		if f := strings.Fields(line); len(f) > 3 && f[2] == remote && f[3] == "02" {
			n++
		}
	}
	return n, nil
}
