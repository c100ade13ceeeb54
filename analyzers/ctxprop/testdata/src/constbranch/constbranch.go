// want package:"dispatch method aggregator.send, method aggregator.flush, method aggregator.stop, method aggregator.skip, method aggregator.maybe"

// Package constbranch flushes an aggregator that sends now or in the
// background as a boolean parameter says. A call that passes a constant
// runs only the branch the constant chooses: flush(false) never sends on
// the caller's goroutine, flush(true) does.
package constbranch

import (
	"net/http"
	"sync"

	"github.com/ctxlint/ctxlint/runtime/health"
)

type aggregator struct {
	client *http.Client
	force  bool
}

func (a *aggregator) send() { // want send:`reaches \(\*net/http.Client\).Get unbounded via aggregator.send`
	resp, err := a.client.Get("http://intake.invalid/series")
	if err == nil {
		resp.Body.Close()
	}
}

// flush sends now when wait is set, else in the background.
func (a *aggregator) flush(wait bool) { // want flush:`reaches \(\*net/http.Client\).Get unbounded via aggregator.flush→aggregator.send if parameter 0 is true`
	if wait {
		a.send()
	} else {
		go a.send()
	}
}

// stop passes its own flag on: the guard moves to its parameter.
func (a *aggregator) stop(wait bool) { // want stop:`reaches \(\*net/http.Client\).Get unbounded via aggregator.stop→aggregator.flush→aggregator.send if parameter 0 is true`
	a.flush(wait)
}

// skip sends unless told to skip.
func (a *aggregator) skip(skip bool) { // want skip:`reaches \(\*net/http.Client\).Get unbounded via aggregator.skip→aggregator.send if parameter 0 is false`
	if !skip {
		a.send()
	}
}

// maybe changes its flag before it tests it: the flag it was given does
// not decide.
func (a *aggregator) maybe(wait bool) { // want maybe:`reaches \(\*net/http.Client\).Get unbounded via aggregator.maybe→aggregator.send$`
	if a.force {
		wait = true
	}
	if wait {
		a.send()
	}
}

func Background(a *aggregator) {
	h := health.RegisterLiveness("background")
	for range h.C {
		a.flush(false)
		a.stop(false)
		a.skip(true)
	}
}

// One loop per case: a loop is reported once per blocking call site.
func Now(a *aggregator) {
	h := health.RegisterLiveness("now")
	for range h.C {
		a.flush(true) // want `"now" \(liveness\): \(\*net/http.Client\).Get without the health deadline \(it takes no context\): Now \(constbranch.go:73\) → aggregator.flush \(constbranch.go:31\) → aggregator.send \(constbranch.go:22\)`
	}
}

func Passed(a *aggregator, wait bool) {
	h := health.RegisterLiveness("passed")
	for range h.C {
		a.stop(wait) // want `"passed" \(liveness\): \(\*net/http.Client\).Get without the health deadline \(it takes no context\): Passed \(constbranch.go:80\) → aggregator.stop \(constbranch.go:39\) → aggregator.flush \(constbranch.go:31\) → aggregator.send \(constbranch.go:22\)`
	}
}

func NotSkipped(a *aggregator) {
	h := health.RegisterLiveness("not-skipped")
	for range h.C {
		a.skip(false) // want `"not-skipped" \(liveness\): \(\*net/http.Client\).Get without the health deadline \(it takes no context\): NotSkipped \(constbranch.go:87\) → aggregator.skip \(constbranch.go:45\) → aggregator.send \(constbranch.go:22\)`
	}
}

func Reassigned(a *aggregator) {
	h := health.RegisterLiveness("reassigned")
	for range h.C {
		a.maybe(false) // want `"reassigned" \(liveness\): \(\*net/http.Client\).Get without the health deadline \(it takes no context\): Reassigned \(constbranch.go:94\) → aggregator.maybe \(constbranch.go:56\) → aggregator.send \(constbranch.go:22\)`
	}
}

// scrape sends on a goroutine it waits for, or on its own: the same send
// either way, by another path. The path printed is the one the caller's
// constant takes.
func (a *aggregator) scrape(concurrent bool) { // want scrape:`reaches \(\*net/http.Client\).Get unbounded via aggregator.scrape→aggregator.send if parameter 0 is false; \(\*net/http.Client\).Get unbounded via aggregator.scrape→aggregator.send if parameter 0 is true`
	var wg sync.WaitGroup
	if !concurrent {
		a.send()
	} else {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a.send()
		}()
	}
	wg.Wait()
}

func Concurrent(a *aggregator) {
	h := health.RegisterLiveness("concurrent")
	for range h.C {
		a.scrape(true) // want `"concurrent" \(liveness\): \(\*net/http.Client\).Get without the health deadline \(it takes no context\): Concurrent \(constbranch.go:118\) → aggregator.scrape \(constbranch.go:109\) → aggregator.send \(constbranch.go:22\)`
	}
}
