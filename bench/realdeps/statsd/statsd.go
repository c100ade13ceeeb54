// Package statsd flushes the agent's own metrics to the local DogStatsD
// server over UDP.
//
// Expected reports in this file: none. net.Dial("udp", "127.0.0.1:8125")
// dials a datagram socket to a literal IP: no handshake, no DNS lookup, no
// round trip, so it cannot block on the network; writes to it do not wait
// for the peer either. The loop also logs with zap: not a sink.
package statsd

import (
	"fmt"
	"net"
	"sync/atomic"

	"github.com/ctxlint/ctxlint/runtime/health"
	"go.uber.org/zap"
)

// Counter is a metric the agent counts.
type Counter struct {
	Name string
	N    atomic.Int64
}

// Flush sends the counters at every tick of h.
func Flush(h *health.Handle, counters []*Counter, log *zap.Logger) {
	for range h.C {
		conn, err := net.Dial("udp", "127.0.0.1:8125") // not reported: datagram dial to a literal IP
		if err != nil {
			log.Warn("dialing statsd", zap.Error(err))
			continue
		}
		for _, c := range counters {
			if _, err := fmt.Fprintf(conn, "%s:%d|c\n", c.Name, c.N.Swap(0)); err != nil {
				log.Debug("sending", zap.String("metric", c.Name), zap.Error(err))
			}
		}
		conn.Close()
	}
}
