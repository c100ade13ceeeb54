// want package:"dispatch method worker.run, method worker.answer, method prober.probe, method server.serve, method server.Stop, method fanIn.fetchOne, method fanIn.collect, method ys.send, method zs.wait, method bWorker.slow, method bPair.wait, method stopper.shutdown, method yw.run, method pool.put, method collector.fetch, method collector.fetchInto, method collector.fetchAll"

package workers

import (
	"context"
	"net"

	"github.com/ctxlint/ctxlint/runtime/health"
)

// A pool of workers started once: each receives a query, makes it, and
// reports it done on a channel shared with the prober, which waits for
// every answer. The channel is the prober's field, the constructor's
// parameter and the worker's field: one channel.
type query struct{ addr string }

type worker struct {
	queries <-chan query
	done    chan<- struct{}
}

func newWorker(queries <-chan query, done chan<- struct{}) *worker {
	w := &worker{queries: queries, done: done}
	go w.run()
	return w
}

func (w *worker) run() { // want run:"reaches net.Dial unbounded via worker.run→worker.answer"
	for q := range w.queries {
		w.answer(q)
	}
}

func (w *worker) answer(q query) { // want answer:"reaches net.Dial unbounded via worker.answer"
	if conn, err := net.Dial("udp", q.addr); err == nil {
		conn.Close()
	}
	w.done <- struct{}{}
}

type prober struct {
	addrs   []string
	queries chan query
	done    chan struct{}
	// ready is sent on by a function that blocks on nothing.
	ready chan struct{}
}

func newProber(addrs []string) *prober {
	p := &prober{addrs: addrs, queries: make(chan query), done: make(chan struct{}), ready: make(chan struct{})}
	for range addrs {
		newWorker(p.queries, p.done)
	}
	go p.signal()
	return p
}

func (p *prober) signal() { p.ready <- struct{}{} }

// probe hands every address to the pool and waits for all answers.
func (p *prober) probe() { // want probe:"reaches net.Dial unbounded via prober.probe→worker.answer"
	for _, a := range p.addrs {
		p.queries <- query{addr: a}
	}
	for range p.addrs {
		<-p.done
	}
}

// probeBounded waits for the answers only as long as its context allows.
func (p *prober) probeBounded(ctx context.Context) {
	for range p.addrs {
		select {
		case <-p.done:
		case <-ctx.Done():
			return
		}
	}
}

// waitReady waits on a channel whose sender blocks on nothing.
func (p *prober) waitReady() { <-p.ready }

func probeLoop(p *prober) {
	h := health.RegisterLiveness("prober")
	for deadline := range h.C {
		ctx, cancel := context.WithDeadline(context.Background(), deadline)
		p.probe() // want `"prober" \(liveness\): net.Dial without the health deadline \(it takes no context\): probeLoop \(pool.go:\d+\) → ~prober.probe \(pool.go:\d+\) → worker.answer`
		p.probeBounded(ctx)
		p.waitReady()
		cancel()
	}
}

// A server asked to stop answers on the channel it was asked on, once its
// loop is over: the iteration's receive waits for Stop's request, not for
// the server's own answer after the loop.
type server struct {
	stop chan struct{}
	p    *prober
}

func (s *server) serve() { // want serve:"reaches net.Dial unbounded via server.serve→prober.probe→worker.answer"
	h := health.RegisterLiveness("server")
	for range h.C {
		<-s.stop
		break
	}
	s.p.probe()
	s.stop <- struct{}{}
}

// Stop asks the server to stop and waits for its answer.
func (s *server) Stop() { // want Stop:"reaches net.Dial unbounded via server.Stop→server.serve→prober.probe→worker.answer"
	s.stop <- struct{}{}
	<-s.stop
}
