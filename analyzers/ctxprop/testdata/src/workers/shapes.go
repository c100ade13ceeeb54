package workers

import (
	"net"
	"net/http"

	"github.com/ctxlint/ctxlint/runtime/health"
)

// One channel through two assignments: z's receive waits for y's send.
type xs struct{ a chan struct{} }
type ys struct{ b chan struct{} }
type zs struct{ c chan struct{} }

func chain(x *xs, y *ys, z *zs) {
	x.a = y.b
	y.b = z.c
}

func (y *ys) send() { // want send:"reaches net/http.Get unbounded via ys.send"
	http.Get("http://y")
	y.b <- struct{}{}
}

func (z *zs) wait() { <-z.c } // want wait:"reaches net/http.Get unbounded via zs.wait→ys.send"

// Two pairs that share nothing: a's wait is no hop into b's slow sender.
type aPair struct{ done chan struct{} }
type aWorker struct{ done chan struct{} }
type bPair struct{ done chan struct{} }
type bWorker struct{ done chan struct{} }

func pairs() (*aPair, *aWorker, *bPair, *bWorker) {
	a := &aPair{done: make(chan struct{})}
	b := &bPair{done: make(chan struct{})}
	return a, &aWorker{done: a.done}, b, &bWorker{done: b.done}
}

func (w *aWorker) one() { w.done <- struct{}{} }
func (w *aWorker) two() { w.done <- struct{}{} }
func (a *aPair) wait()  { <-a.done }

func (w *bWorker) slow() { // want slow:"reaches net/http.Get unbounded via bWorker.slow"
	http.Get("http://b")
	w.done <- struct{}{}
}

func (b *bPair) wait() { <-b.done } // want wait:"reaches net/http.Get unbounded via bPair.wait→bWorker.slow"

// A close followed by more work lets the waiter go first, even from
// inside an if.
type stopper struct {
	stopping bool
	done     chan struct{}
}

func (p *stopper) shutdown() { // want shutdown:"reaches net/http.Get unbounded via stopper.shutdown"
	if p.stopping {
		close(p.done)
	}
	http.Get("http://p")
}

func (p *stopper) wait() { <-p.done }

// A helper that closes whatever it is given does not make its arguments'
// channels one.
type xw struct{ done chan struct{} }
type yw struct{ quit chan struct{} }

func closeOnce(ch chan struct{}) { close(ch) }

func (x *xw) stop() { closeOnce(x.done) }
func (y *yw) stop() { closeOnce(y.quit) }

func (y *yw) run() { // want run:"reaches net/http.Get unbounded via yw.run"
	http.Get("http://y")
	y.quit <- struct{}{}
}

func (x *xw) wait() { <-x.done }

// A pool hands connections out: taking one does not wait for whoever
// dialled it.
type pool struct{ idle chan net.Conn }

func (p *pool) get() net.Conn { return <-p.idle }

func (p *pool) put(c net.Conn) { // want put:"reaches net.Dial unbounded via pool.put"
	if c == nil {
		c, _ = net.Dial("tcp", "db:5432")
	}
	p.idle <- c
}

// A throttled caller waited for only in a goroutine of its own: the
// caller goes on at once.
func scrapeWaitElsewhere(urls []string) {
	tc := &throttled{limit: make(chan struct{}, 4)}
	for _, u := range urls {
		tc.call(func() { http.Get(u) })
	}
	go func() { tc.wait() }()
}

func shapesLoop(a *aPair, p *stopper, x *xw, pl *pool, urls []string) {
	h := health.RegisterLiveness("shapes")
	for range h.C {
		a.wait()
		p.wait()
		x.wait()
		pl.get()
		scrapeWaitElsewhere(urls)
	}
}
