// Package loop is monitored only through -ctxprop.register.
package loop

import (
	"context"
	"net"

	"github.com/ctxlint/ctxlint/cmd/ctxlint/testdata/todoregister/checks"
)

var dialer net.Dialer

func poll() {
	t := checks.Register("poller")
	for range t.C {
		dialer.DialContext(context.TODO(), "tcp", "kubelet:10250")
	}
}
