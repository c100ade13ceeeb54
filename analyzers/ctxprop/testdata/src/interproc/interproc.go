// want package:"dispatch method client.fetch, method client.pods"

// Package interproc shows how ctxprop follows calls inside a package.
package interproc

import (
	"context"
	"net/http"
	"sync"
	"time"

	"github.com/ctxlint/ctxlint/runtime/health"
	"golang.org/x/sync/errgroup"
)

type client struct{ http *http.Client }

// fetch runs under the context its caller passes: bounded iff the caller's is.
func (c *client) fetch(ctx context.Context, url string) error { // want fetch:"reaches \\(\\*net/http.Client\\).Do under param 0 via client.fetch"
	req, err := http.NewRequestWithContext(ctx, "GET", url, nil)
	if err != nil {
		return err
	}
	_, err = c.http.Do(req)
	return err
}

// pods passes its own context down: still under its parameter.
func (c *client) pods(ctx context.Context) error { // want pods:"reaches \\(\\*net/http.Client\\).Do under param 0 via client.pods→client.fetch"
	return c.fetch(ctx, "http://kubelet/pods")
}

// threaded passes a context bounded by the tick: clean.
func threaded(c *client, h *health.Handle) {
	for {
		select {
		case deadline := <-h.C:
			ctx, cancel := health.WithDeadline(context.Background(), deadline)
			c.pods(ctx)
			cancel()
		}
	}
}

// unthreaded passes context.Background() three calls above the sink.
func unthreaded(c *client) {
	h := health.RegisterLiveness("unthreaded")
	for {
		<-h.C
		c.pods(context.Background()) // want `"unthreaded" \(liveness\): \(\*net/http.Client\).Do without the health deadline \(context.Background\(\)\): unthreaded \(interproc.go:50\) → client.pods \(interproc.go:30\) → client.fetch \(interproc.go:24\)`
	}
}

// Method expressions, generics and deferred calls are followed.
func get(url string) { // want get:"reaches net/http.Get unbounded via get"
	http.Get(url)
}

type poller[T any] struct{ v T }

func (p *poller[T]) poll() { get("http://generic") } // want poll:"reaches net/http.Get unbounded via poller.poll→get"

func shapes(c *client) {
	h := health.RegisterLiveness("shapes")
	p := &poller[int]{}
	for range h.C {
		(*poller[int]).poll(p) // want `"shapes" \(liveness\): net/http.Get without the health deadline \(it takes no context\): shapes \(interproc.go:67\) → poller.poll \(interproc.go:61\) → get \(interproc.go:56\)`
	}
}

func deferred() {
	h := health.RegisterLiveness("deferred")
	for range h.C {
		func() {
			defer http.Head("http://flush") // want `"deferred" \(liveness\): net/http.Head`
		}()
	}
}

// Recursion terminates, and the sink is reported once, at the start of
// the shortest path.
func walk(n int) { // want walk:"reaches net/http.Get unbounded via walk→get"
	if n > 0 {
		walk(n - 1)
		even(n)
	}
	get("http://node")
}

func even(n int) { // want even:"reaches net/http.Get unbounded via even→walk→get"
	if n%2 == 0 {
		walk(n / 2)
	}
}

func recursive() {
	h := health.RegisterLiveness("recursive")
	for range h.C {
		even(4)
		walk(3) // want `"recursive" \(liveness\): net/http.Get .*: recursive \(interproc.go:100\) → walk \(interproc.go:87\) → get \(interproc.go:56\)`
	}
}

// The same sink reached by many paths is one report, at the shortest.
func manyPaths() {
	h := health.RegisterLiveness("many")
	for range h.C {
		walk(1)
		even(2)
		get("http://direct") // want `"many" \(liveness\): net/http.Get .*: manyPaths \(interproc.go:110\) → get \(interproc.go:56\)`
	}
}

// Closures: called in place, through a local, and stored then called.
func closures() {
	h := health.RegisterLiveness("closures")
	for range h.C {
		func() { get("http://inline") }() // want `"closures" \(liveness\): net/http.Get`
	}
}

func localClosure() {
	h := health.RegisterLiveness("local-closure")
	refresh := func() { http.Post("http://x", "", nil) }
	for range h.C {
		refresh() // want `"local-closure" \(liveness\): net/http.Post without the health deadline \(it takes no context\): localClosure \(interproc.go:126\) → localClosure \(interproc.go:124\)`
	}
}

// Goroutines the loop waits for block it; those it does not, do not.
func joined() {
	h := health.RegisterLiveness("joined")
	for range h.C {
		var wg sync.WaitGroup
		wg.Add(1)
		go func() {
			defer wg.Done()
			http.PostForm("http://x", nil) // want `"joined" \(liveness\): net/http.PostForm`
		}()
		wg.Wait()
	}
}

func errgroupJoined() {
	h := health.RegisterLiveness("errgroup")
	for range h.C {
		var g errgroup.Group
		g.Go(func() error { _, err := http.Get("http://x"); return err }) // want `"errgroup" \(liveness\): net/http.Get`
		g.Wait()
	}
}

func fireAndForget() {
	h := health.RegisterLiveness("fire-and-forget")
	for range h.C {
		go get("http://async")
		time.AfterFunc(time.Second, func() { get("http://later") })
	}
}

// A select on ctx.Done() or time.After blocks only as long as they allow.
func waits(ctx context.Context) {
	h := health.RegisterLiveness("waits")
	for range h.C {
		select {
		case <-ctx.Done():
		case <-time.After(time.Second):
		}
	}
}
