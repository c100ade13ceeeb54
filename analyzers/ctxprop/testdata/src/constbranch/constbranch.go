// want package:"dispatch method aggregator.send, method aggregator.flush, method aggregator.stop, method aggregator.skip, method aggregator.maybe"

// Package constbranch flushes an aggregator that sends now or in the
// background as a boolean parameter says. A call that passes a constant
// runs only the branch the constant chooses: flush(false) never sends on
// the caller's goroutine, flush(true) does.
package constbranch

import (
	"net/http"

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
		a.flush(true) // want `"now" \(liveness\): \(\*net/http.Client\).Get without the health deadline \(it takes no context\): Now \(constbranch.go:72\) → aggregator.flush \(constbranch.go:30\) → aggregator.send \(constbranch.go:21\)`
	}
}

func Passed(a *aggregator, wait bool) {
	h := health.RegisterLiveness("passed")
	for range h.C {
		a.stop(wait) // want `"passed" \(liveness\): \(\*net/http.Client\).Get without the health deadline \(it takes no context\): Passed \(constbranch.go:79\) → aggregator.stop \(constbranch.go:38\) → aggregator.flush \(constbranch.go:30\) → aggregator.send \(constbranch.go:21\)`
	}
}

func NotSkipped(a *aggregator) {
	h := health.RegisterLiveness("not-skipped")
	for range h.C {
		a.skip(false) // want `"not-skipped" \(liveness\): \(\*net/http.Client\).Get without the health deadline \(it takes no context\): NotSkipped \(constbranch.go:86\) → aggregator.skip \(constbranch.go:44\) → aggregator.send \(constbranch.go:21\)`
	}
}

func Reassigned(a *aggregator) {
	h := health.RegisterLiveness("reassigned")
	for range h.C {
		a.maybe(false) // want `"reassigned" \(liveness\): \(\*net/http.Client\).Get without the health deadline \(it takes no context\): Reassigned \(constbranch.go:93\) → aggregator.maybe \(constbranch.go:55\) → aggregator.send \(constbranch.go:21\)`
	}
}
