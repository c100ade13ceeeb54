// Package discovery reads check configurations from Consul
// (github.com/hashicorp/consul/api) and from a key-value store behind a
// module-local interface (config.go).
//
// Shapes: a readiness loop; a component name built with "+"; three calls
// into one client that reach the same sink inside it
// ((*net/http.Client).Do in (*api.Client).doRequest); the Consul client's own
// way of passing a context, QueryOptions.WithContext; zap's sugared logger.
//
// Expected reports in this file (component "consul-kv-<prefix>", readiness):
//   - ConsulSource.run → (*api.KV).List(prefix, nil): REPORTED.
//   - ConsulSource.run → (*api.KV).Keys(prefix, "/", nil): REPORTED.
//   - ConsulSource.run → (*api.KV).Get(key, nil): REPORTED.
//     The three reach one sink, (*net/http.Client).Do in api.go, with the
//     request's context left unset (Background): three distinct reports.
//   - ConsulSource.run → (*api.KV).Get(key, q.WithContext(ctx)) with ctx from
//     health.WithDeadline: NOT reported. toHTTP does
//     req.WithContext(r.ctx) and r.ctx comes from the QueryOptions: bounded.
package discovery

import (
	"context"

	"github.com/ctxlint/ctxlint/runtime/health"
	"github.com/hashicorp/consul/api"
	"go.uber.org/zap"
)

// ConsulSource polls a Consul KV prefix.
type ConsulSource struct {
	kv     *api.KV
	prefix string
	h      *health.Handle
	log    *zap.SugaredLogger
	stop   chan struct{}
}

// NewConsulSource registers the source for readiness: the agent is not ready
// while it cannot read its configurations.
func NewConsulSource(c *api.Client, prefix string, log *zap.SugaredLogger) *ConsulSource {
	return &ConsulSource{
		kv:     c.KV(),
		prefix: prefix,
		h:      health.RegisterReadiness("consul-kv-" + prefix),
		log:    log,
		stop:   make(chan struct{}),
	}
}

// Start runs the loop.
func (s *ConsulSource) Start() { go s.run() }

func (s *ConsulSource) run() {
	for {
		select {
		case deadline := <-s.h.C:
			pairs, _, err := s.kv.List(s.prefix, nil) // REPORTED
			if err != nil {
				s.log.Warnw("listing", "prefix", s.prefix, "err", err)
				continue
			}
			keys, _, err := s.kv.Keys(s.prefix, "/", nil) // REPORTED
			if err != nil {
				s.log.Warnw("listing keys", "prefix", s.prefix, "err", err)
				continue
			}
			version, _, err := s.kv.Get(s.prefix+"/version", nil) // REPORTED
			if err != nil {
				s.log.Warnw("reading version", "err", err)
				continue
			}

			ctx, cancel := health.WithDeadline(context.Background(), deadline)
			q := (&api.QueryOptions{AllowStale: true}).WithContext(ctx)
			checks, _, err := s.kv.Get(s.prefix+"/checks", q) // not reported: bounded through QueryOptions
			cancel()
			if err != nil {
				s.log.Warnw("reading checks", "err", err)
				continue
			}
			s.log.Infow("configurations", "pairs", len(pairs), "keys", len(keys), "version", version != nil, "checks", checks != nil)
		case <-s.stop:
			return
		}
	}
}
