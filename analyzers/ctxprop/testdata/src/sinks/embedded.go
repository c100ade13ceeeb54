package sinks

import (
	"context"
	"time"

	"example.org/radius"
	"github.com/ctxlint/ctxlint/runtime/health"
)

// A module-local interface embedded in a client struct holds another
// module's client: the promoted call (e.Exchange for e.exchanger.Exchange)
// runs what the embedded field holds, as a call through a named field
// does.
type exchanger interface {
	Exchange(ctx context.Context, packet []byte) ([]byte, error)
}

type embedded struct {
	timeout time.Duration
	exchanger
}

func newEmbedded() *embedded { return &embedded{timeout: time.Second, exchanger: &radius.Client{}} }

func (e embedded) query() { // want query:"reaches \\(\\*example.org/radius.Client\\).Exchange unbounded via embedded.query"
	ctx, cancel := context.WithTimeout(context.Background(), e.timeout)
	defer cancel()
	e.Exchange(ctx, nil)
}

type named struct {
	timeout time.Duration
	x       exchanger
}

func (n named) query() { // want query:"reaches \\(\\*example.org/radius.Client\\).Exchange unbounded via named.query"
	ctx, cancel := context.WithTimeout(context.Background(), n.timeout)
	defer cancel()
	n.x.Exchange(ctx, nil)
}

func exchangeLoop() {
	e := newEmbedded()
	n := &named{timeout: time.Second, x: &radius.Client{}}
	h := health.RegisterLiveness("exchange")
	for range h.C {
		e.query() // want `"exchange" \(liveness\): \(\*example\.org/radius\.Client\)\.Exchange without the health deadline \(context\.Background\(\); context\.WithTimeout at embedded\.go:\d+ exists but is not the loop's deadline\): exchangeLoop \(embedded\.go:\d+\) → ~embedded\.query`
		n.query() // want `"exchange" \(liveness\): \(\*example\.org/radius\.Client\)\.Exchange without the health deadline \(context\.Background\(\); context\.WithTimeout at embedded\.go:\d+ exists but is not the loop's deadline\): exchangeLoop \(embedded\.go:\d+\) → ~named\.query`
	}
}
