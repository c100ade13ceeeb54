// Package docker connects to the daemon's socket through its policy.
package docker

import (
	"net"

	"github.com/ctxlint/ctxlint/cmd/ctxlint/testdata/policies/retry"
)

type Daemon struct {
	retry.Policy
	sock string
}

func (d *Daemon) connect() error {
	c, err := net.Dial("unix", d.sock)
	if err != nil {
		return err
	}
	return c.Close()
}

func New() (*Daemon, error) {
	d := &Daemon{sock: "/var/run/docker.sock"}
	d.Init(&retry.Config{Name: "docker", Attempt: d.connect})
	return d, d.Try()
}
