// Package providers collects check configurations from several sources, one
// poller per source.
package providers

import (
	"fmt"
	"log/slog"

	"github.com/ctxlint/ctxlint/runtime/health"
)

// Config is one check configuration.
type Config struct {
	Name     string
	Source   string
	Instance string
}

// A ConfigProvider is a source of configurations.
type ConfigProvider interface {
	String() string
	Collect() ([]Config, error)
}

// Poller collects from one provider on every health tick.
type Poller struct {
	provider ConfigProvider
	out      chan<- []Config
	stop     chan struct{}
	done     chan struct{}
	log      *slog.Logger
}

// StartPoller registers a liveness component for the provider and starts
// polling it.
func StartPoller(catalog *health.Catalog, p ConfigProvider, out chan<- []Config, log *slog.Logger) *Poller {
	poller := &Poller{provider: p, out: out, stop: make(chan struct{}), done: make(chan struct{}), log: log}
	health := catalog.RegisterLiveness(fmt.Sprintf("ad-config-provider-%s", p.String()))
	go poller.poll(health)
	return poller
}

// Stop ends the poller's loop.
func (p *Poller) Stop() {
	close(p.stop)
	<-p.done
}

func (p *Poller) poll(h *health.Handle) {
	defer close(p.done)
	defer h.Deregister()
	for p.process(h) {
	}
}

// process waits for one tick and collects; false once stopped.
func (p *Poller) process(h *health.Handle) bool {
	select {
	case <-h.C:
		configs, err := p.provider.Collect()
		if err != nil {
			p.log.Warn("config poller: collecting", "provider", p.provider.String(), "err", err)
			return true
		}
		select {
		case p.out <- configs:
		default: // the consumer is busy: the next tick brings fresh configs
		}
		return true
	case <-p.stop:
		return false
	}
}
