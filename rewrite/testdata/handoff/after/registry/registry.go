// Package registry waits for work that other goroutines do. fetchAll
// starts a goroutine per name running a method that sends its result on
// the channel fetchAll then receives from: the method runs within the
// iteration, and -fix passes it the loop's context like any call. probe
// hands each address to workers started once and waits on a channel they
// share through fields: a context cannot follow the channel, and -fix
// refuses that path ("hand-off"), leaving it as it was. scrapeAll runs
// its jobs through a throttled caller that it then waits for.
package registry

import (
	"context"
	"net"
	"net/http"

	"github.com/ctxlint/ctxlint/runtime/health"
)

type collector struct {
	hc    *http.Client
	names []string
}

func (c *collector) fetch(ctx context.Context, name string) bool {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://registry/"+name, nil)
	if err != nil {
		return false
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return false
	}
	resp.Body.Close()
	return true
}

func (c *collector) fetchInto(ctx context.Context, name string, out chan<- bool) {
	out <- c.fetch(ctx, name)
}

func (c *collector) fetchAll(ctx context.Context) int {
	ch := make(chan bool, len(c.names))
	for _, name := range c.names {
		go c.fetchInto(ctx, name, ch)
	}
	n := 0
	for range c.names {
		if <-ch {
			n++
		}
	}
	return n
}

type worker struct {
	addrs <-chan string
	done  chan<- struct{}
}

func newWorker(addrs <-chan string, done chan<- struct{}) *worker {
	w := &worker{addrs: addrs, done: done}
	go w.run()
	return w
}

func (w *worker) run() {
	for a := range w.addrs {
		w.answer(a)
	}
}

func (w *worker) answer(addr string) {
	if conn, err := net.Dial("tcp", addr); err == nil {
		conn.Close()
	}
	w.done <- struct{}{}
}

type prober struct {
	addrs []string
	work  chan string
	done  chan struct{}
}

func newProber(addrs []string) *prober {
	p := &prober{addrs: addrs, work: make(chan string), done: make(chan struct{})}
	for range addrs {
		newWorker(p.work, p.done)
	}
	return p
}

func (p *prober) probe() {
	for _, a := range p.addrs {
		p.work <- a
	}
	for range p.addrs {
		<-p.done
	}
}

// Loop collects and probes on every tick.
func Loop(c *collector) {
	p := newProber([]string{"db:5432"})
	h := health.RegisterLiveness("registry")
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		c.fetchAll(ctx)
		c.scrapeAll(ctx)
		p.probe()
		cancel()
	}
}
