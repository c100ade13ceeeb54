// Package probe calls a third-party client whose methods block inside
// its own module: the call in this module is the boundary that takes the
// context, or is refused there.
package probe

import (
	"context"

	"example.com/wire"
	"github.com/ctxlint/ctxlint/runtime/health"
)

// exchanger wraps the client, so that tests can swap it: it has no
// context form, and no type of this module implements it.
type exchanger interface {
	Exchange(msg, addr string) (string, error)
}

// Prober asks through the interface.
type Prober struct {
	addr   string
	client exchanger
}

// New makes a prober over the real client.
func New(addr string) *Prober { return &Prober{addr: addr, client: &wire.Client{}} }

func ask(ctx context.Context, c *wire.Client, addr string) error {
	_, err := c.ExchangeContext(ctx, "ping", addr)
	return err
}

func (p *Prober) askWrapped(ctx context.Context) error {
	_, err := p.client.Exchange("ping", p.addr)
	return err
}

// Run asks on every tick, directly and through the interface.
func (p *Prober) Run(c *wire.Client) {
	h := health.RegisterLiveness("probe")
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		_ = ask(ctx, c, p.addr)
		_ = p.askWrapped(ctx)
		cancel()
	}
}
