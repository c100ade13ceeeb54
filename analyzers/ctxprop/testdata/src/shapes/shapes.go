// want package:"dispatch value refreshToken, value poll, value Remote, value client.fetch, method client.fetch"

// Package shapes holds the code shapes found in real agents that an
// adversarial review showed ctxprop must handle.
package shapes

import (
	"context"
	"net/http"
	"time"

	"github.com/ctxlint/ctxlint/runtime/health"
	"golang.org/x/sync/errgroup"
)

// refreshToken is used as a value somewhere: a func() that blocks.
func refreshToken() { http.Post("http://auth/token", "", nil) } // want refreshToken:"reaches net/http.Post unbounded via refreshToken"

var _ = time.AfterFunc(time.Hour, refreshToken)

// Calling cancel() is not a call through an arbitrary func().
func cancels(parent context.Context) {
	h := health.RegisterLiveness("cancels")
	for d := range h.C {
		ctx, cancel := health.WithDeadline(parent, d)
		fetch(ctx)
		cancel()
	}
}

func fetch(ctx context.Context) { // want fetch:"reaches \\(\\*net/http.Client\\).Do under param 0 via fetch"
	req, _ := http.NewRequestWithContext(ctx, "GET", "http://x", nil)
	http.DefaultClient.Do(req)
}

func retry(n int, op func() error) error { return op() }

// A closure kept in a local, or a named function, passed to a helper runs
// during the call.
func helpers() {
	h := health.RegisterLiveness("helpers")
	for range h.C {
		op := func() error { fetch(context.Background()); return nil }
		retry(3, op) // want `"helpers" \(liveness\): \(\*net/http.Client\).Do without the health deadline \(context.Background\(\)\)`
		var g errgroup.Group
		g.Go(poll) // want `"helpers" \(liveness\): net/http.Get`
		g.Wait()
	}
}

func poll() error { _, err := http.Get("http://x"); return err } // want poll:"reaches net/http.Get unbounded via poll"

// A module's own interface over *http.Client.
type Doer interface {
	Do(*http.Request) (*http.Response, error)
}

type scraper struct{ d Doer }

func newScraper() *scraper { return &scraper{d: http.DefaultClient} }

func (s *scraper) scrape(h *health.Handle) {
	for range h.C {
		req, _ := http.NewRequest("GET", "http://x", nil)
		s.d.Do(req) // want `component of h \(health\): \(\*net/http.Client\).Do without the health deadline \(request built with http.NewRequest\): ~scraper.scrape`
	}
}

// A callee that drops its caller's deadline.
func detach(ctx context.Context) { // want detach:"reaches \\(\\*net/http.Client\\).Do unbounded via detach→fetch"
	ctx = context.WithoutCancel(ctx)
	fetch(ctx)
}

func detaches(parent context.Context) {
	h := health.RegisterLiveness("detaches")
	for d := range h.C {
		ctx, cancel := health.WithDeadline(parent, d)
		detach(ctx) // want `"detaches" \(liveness\): \(\*net/http.Client\).Do without the health deadline \(context.WithoutCancel drops the deadline\)`
		cancel()
	}
}

// Sinks used as function values.
type prober struct {
	get func(string) (*http.Response, error)
}

func newProber() *prober { return &prober{get: http.Get} }

func (p *prober) probe(h *health.Handle) {
	for range h.C {
		do := http.DefaultClient.Do
		req, _ := http.NewRequest("GET", "http://x", nil)
		do(req)           // want `component of h \(health\): \(\*net/http.Client\).Do without the health deadline \(request built with http.NewRequest\)`
		p.get("http://y") // want `component of h \(health\): net/http.Get`
	}
}

// Loops the review found unrecognised.
type worker struct{ *health.Handle }

func loops(ws worker, hs []*health.Handle) {
	h := health.RegisterLiveness("copied")
	c := h.C
	for {
		<-c
		http.Get("http://a") // want `"copied" \(liveness\): net/http.Get`
	}
}

func embedded(w worker) {
	for {
		<-w.C
		http.Get("http://b") // want `component of w \(health\): net/http.Get`
	}
}

func passed() {
	h := health.RegisterReadiness("passed")
	go work(h.C)
}

func work(tick <-chan time.Time) {
	for range tick {
		http.Get("http://c") // want `"passed" \(readiness\): net/http.Get`
	}
}

func pollsAll(hs []*health.Handle) {
	t := time.NewTicker(time.Second)
	for range t.C {
		for _, h := range hs {
			select {
			case <-h.C:
			default:
			}
		}
		http.Get("http://d") // want `component of h \(health\): net/http.Get`
	}
}

type waiter struct{ h *health.Handle }

func (w *waiter) waitTick() time.Time { return <-w.h.C }

func (w *waiter) run() {
	for {
		w.waitTick()
		http.Get("http://e") // want `component of w.h \(health\): net/http.Get`
	}
}

// A local closure called twice is checked at each call.
func twice(parent context.Context) {
	h := health.RegisterLiveness("twice")
	get := func(ctx context.Context) { fetch(ctx) }
	for d := range h.C {
		ctx, cancel := health.WithDeadline(parent, d)
		get(ctx)
		get(context.Background()) // want `"twice" \(liveness\): \(\*net/http.Client\).Do`
		cancel()
	}
}

// A timeout from the tick in one branch only is not bounded.
func branch(strict bool) {
	h := health.RegisterLiveness("branch")
	for d := range h.C {
		timeout := 10 * time.Minute
		if strict {
			timeout = time.Until(d)
		}
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		fetch(ctx) // want `"branch" \(liveness\): \(\*net/http.Client\).Do without the health deadline \(context.Background\(\); context.WithTimeout at shapes.go:\d+ exists but is not the loop's deadline\)`
		cancel()
	}
}

// Helpers that return a context derive it from the one they get; a
// callback of context.AfterFunc runs later.
func withRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, struct{}{}, id)
}

func derived(parent context.Context) {
	h := health.RegisterLiveness("derived")
	for d := range h.C {
		ctx, cancel := health.WithDeadline(parent, d)
		fetch(withRequestID(ctx, "1"))
		g, gctx := errgroup.WithContext(ctx)
		g.Go(func() error { fetch(gctx); return nil })
		g.Wait()
		context.AfterFunc(ctx, func() { http.Get("http://cleanup") })
		cancel()
	}
}

// Ranging over a named iterator is a static call; another one that blocks
// does not taint it.
func items(yield func(int) bool) {
	for i := range 3 {
		if !yield(i) {
			return
		}
	}
}

var Remote = func(yield func(int) bool) { http.Get("http://remote") }

func iterates() {
	h := health.RegisterLiveness("iterates")
	for range h.C {
		for i := range items {
			_ = i
		}
	}
}

// A method expression through a local keeps its receiver argument.
type client struct{}

func (c *client) fetch(ctx context.Context) { fetch(ctx) } // want fetch:"reaches \\(\\*net/http.Client\\).Do under param 0 via client.fetch→fetch"

func methodExpr(parent context.Context, c *client) {
	h := health.RegisterLiveness("method-expr")
	for d := range h.C {
		ctx, cancel := health.WithDeadline(parent, d)
		g := (*client).fetch
		g(c, ctx)
		cancel()
	}
}
