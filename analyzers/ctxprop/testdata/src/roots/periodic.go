// want package:"dispatch method job.runOnce, method job.startAndClean, method listener.pull"

package roots

import (
	"context"
	"net/http"
	"time"
)

// A periodic job of an agent with no health runtime: a loop over a
// clock's ticks, marked //ctxlint:monitored. Each iteration is a root;
// what it reaches without a context is reported.
type job struct {
	tick  chan int
	stop  chan struct{}
	every int
}

//ctxlint:monitored
func (j *job) start() {
	for {
		select {
		case <-j.stop:
			return
		case t := <-j.tick:
			if t%j.every == 0 {
				j.runOnce() // want `"job.start" \(monitored\): net/http.Get without the health deadline \(it takes no context\)`
			}
		}
	}
}

func (j *job) runOnce() { http.Get("http://exporter/metrics") } // want runOnce:"reaches net/http.Get unbounded via job.runOnce"

// The same loop once migrated with -fix.timeout: each iteration derives
// a context with a timeout of its own, which bounds it.
//
//ctxlint:monitored
func (j *job) startBounded() {
	for {
		select {
		case <-j.stop:
			return
		case t := <-j.tick:
			if t%j.every == 0 {
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
				fetch(ctx)
				cancel()
			}
		}
	}
}

// A health library of its own (ticks on a channel field C) is strict: a
// timeout of the loop's own is not the tick's deadline.
//
//ctxlint:monitored
func ownTicksTimeout(h *ownHandle) {
	for range h.C {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		fetch(ctx) // want `"ownTicksTimeout" \(monitored\): \(\*net/http.Client\).Do without the health deadline`
		cancel()
	}
}

// What a periodic loop runs before its loop (setup) or after it (cleanup
// once stopped) is not an iteration: only the loop's body is a root.
//
//ctxlint:monitored
func (j *job) startAndClean() { // want startAndClean:"reaches net/http.Get unbounded via job.startAndClean→job.runOnce"
	j.runOnce() // setup: not reported
	for range j.tick {
		j.runOnce() // want `"job.startAndClean" \(monitored\): net/http.Get`
	}
	j.runOnce() // cleanup: not reported
}
