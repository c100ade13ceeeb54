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
	"net"
	"net/http"

	"github.com/ctxlint/ctxlint/runtime/health"
)

type collector struct {
	hc    *http.Client
	names []string
}

func (c *collector) fetch(name string) bool {
	resp, err := c.hc.Get("http://registry/" + name)
	if err != nil {
		return false
	}
	resp.Body.Close()
	return true
}

func (c *collector) fetchInto(name string, out chan<- bool) {
	out <- c.fetch(name)
}

func (c *collector) fetchAll() int {
	ch := make(chan bool, len(c.names))
	for _, name := range c.names {
		go c.fetchInto(name, ch)
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
	for range h.C {
		c.fetchAll()
		c.scrapeAll()
		p.probe()
	}
}
