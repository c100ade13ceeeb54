package jobs

import (
	"context"
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
		ctx, cancel := context.WithTimeout(context.Background(), p.every)
		p.probe(ctx)
		cancel()
	}
}

func (p *Prober) probe(ctx context.Context) {
	conn, err := (&net.Dialer{}).DialContext(ctx, "tcp", p.addr)
	if err != nil {
		return
	}
	conn.Close()
}
