package sinks

import (
	"crypto/tls"
	"net"
	"net/smtp"

	"github.com/ctxlint/ctxlint/runtime/health"
)

// An SMTP exchange over a connection already dialed waits on the server
// at each step: the greeting NewClient reads, the TLS upgrade, the
// commands. None takes a context; each is a sink of its own.
func mailCert(conn net.Conn, cfg *tls.Config) {
	h := health.RegisterLiveness("mailcert")
	for range h.C {
		c, err := smtp.NewClient(conn, "mail.example.org") // want `"mailcert" \(liveness\): net/smtp\.NewClient without the health deadline \(it takes no context\)`
		if err != nil {
			continue
		}
		c.StartTLS(cfg) // want `"mailcert" \(liveness\): \(\*net/smtp\.Client\)\.StartTLS without the health deadline \(it takes no context\)`
		c.Quit()        // want `"mailcert" \(liveness\): \(\*net/smtp\.Client\)\.Quit without the health deadline \(it takes no context\)`
		c.Close()
	}
}
