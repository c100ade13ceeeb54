// Package hostmeta collects the host's metadata and tags, sent with every
// payload.
package hostmeta

import (
	"log/slog"
	"sort"
	"sync"
	"time"

	"github.com/ctxlint/ctxlint/runtime/health"
)

// Collector refreshes host tags on a timer, checking in with health at
// every turn.
type Collector struct {
	provider string
	interval time.Duration
	log      *slog.Logger

	mu   sync.Mutex
	tags []string
}

// NewCollector returns a collector that resolves the hostname with the named
// provider ("os" or "kubelet").
func NewCollector(provider string, interval time.Duration, log *slog.Logger) *Collector {
	return &Collector{provider: provider, interval: interval, log: log}
}

// Tags returns the last collected tags.
func (c *Collector) Tags() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.tags
}

// Run collects until stop closes. The health tick is read in an inner,
// non-blocking select of a ticker loop.
func (c *Collector) Run(h *health.Handle, stop <-chan struct{}) {
	t := time.NewTicker(c.interval)
	defer t.Stop()
	for {
		select {
		case <-t.C:
		case <-stop:
			return
		}
		select {
		case <-h.C:
		default:
		}
		c.collect()
	}
}

func (c *Collector) collect() {
	tags, err := c.hostTags()
	if err != nil {
		c.log.Warn("host metadata: collecting tags", "err", err)
		return
	}
	c.mu.Lock()
	c.tags = tags
	c.mu.Unlock()
}

func (c *Collector) hostTags() ([]string, error) {
	name, err := c.hostname()
	if err != nil {
		return nil, err
	}
	tags := []string{"host:" + name, "hostname_provider:" + c.provider}
	sort.Strings(tags)
	return tags, nil
}

func (c *Collector) hostname() (string, error) { return getHostname(c.provider) }
