// Package docker connects to the daemon's socket through its retrier.
package docker

import (
	"net"

	"github.com/ctxlint/ctxlint/cmd/ctxlint/testdata/retriers/retry"
)

type Util struct {
	retry.Retrier
	sock string
}

func (d *Util) connect() error {
	c, err := net.Dial("unix", d.sock)
	if err != nil {
		return err
	}
	return c.Close()
}

func New() (*Util, error) {
	d := &Util{sock: "/var/run/docker.sock"}
	d.SetupRetrier(&retry.Config{Name: "docker", AttemptMethod: d.connect})
	return d, d.TriggerRetry()
}
