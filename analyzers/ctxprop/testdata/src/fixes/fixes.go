// Package fixes shows the suggested fixes: when a context bounded by the
// tick is in scope, use it.
package fixes

import (
	"context"
	"net"
	"net/http"

	"github.com/ctxlint/ctxlint/runtime/health"
)

func fixable(parent context.Context, d *net.Dialer) {
	h := health.RegisterLiveness("fixable")
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(parent, deadline)
		d.DialContext(ctx, "tcp", "cache:6379")               // bounded: clean
		d.DialContext(context.Background(), "tcp", "db:5432") // want `"fixable" \(liveness\): \(\*net.Dialer\).DialContext without the health deadline \(context.Background\(\)\)`
		req, _ := http.NewRequest("GET", "http://kubelet/pods", nil)
		http.DefaultClient.Do(req) // want `"fixable" \(liveness\): \(\*net/http.Client\).Do without the health deadline \(request built with http.NewRequest\)`
		cancel()
	}
}

// No bounded context in scope: nothing to suggest locally.
func notFixable(d *net.Dialer) {
	h := health.RegisterLiveness("not-fixable")
	for range h.C {
		d.DialContext(context.TODO(), "tcp", "db:5432") // want `"not-fixable" \(liveness\): \(\*net.Dialer\).DialContext without the health deadline \(context.TODO\(\)\)`
	}
}

// The request is built before the bounded context exists: no fix, since
// NewRequestWithContext(ctx, ...) there would not compile.
func lateContext(parent context.Context, d *net.Dialer) {
	h := health.RegisterLiveness("late")
	for deadline := range h.C {
		req, _ := http.NewRequest("GET", "http://kubelet/pods", nil)
		ctx, cancel := health.WithDeadline(parent, deadline)
		d.DialContext(ctx, "tcp", "cache:6379")
		http.DefaultClient.Do(req) // want `"late" \(liveness\): \(\*net/http.Client\).Do without the health deadline \(request built with http.NewRequest\)`
		cancel()
	}
}

// A deadline was received but no context derived from it: derive one
// around the call.
func tickOnly(d *net.Dialer) {
	h := health.RegisterLiveness("tick-only")
	for {
		select {
		case deadline := <-h.C:
			d.DialContext(context.Background(), "tcp", "db:5432") // want `"tick-only" \(liveness\): \(\*net.Dialer\).DialContext without the health deadline \(context.Background\(\)\)`
			println("tick, next one by", deadline.String())
		}
	}
}

// A helper that takes a context is given Background although a bounded
// one is in scope: the local fix passes it, so the report does not send
// the user to ctxlint -fix.
func helperFixable(parent context.Context, d *net.Dialer) {
	h := health.RegisterLiveness("helper")
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(parent, deadline)
		dialDB(context.Background(), d) // want `"helper" \(liveness\): \(\*net.Dialer\).DialContext without the health deadline \(context.Background\(\)\): helperFixable \(fixes.go:\d+\) → dialDB \(fixes.go:\d+\)$`
		cancel()
		_ = ctx
	}
}

func dialDB(ctx context.Context, d *net.Dialer) { d.DialContext(ctx, "tcp", "db:5432") } // want dialDB:`reaches \(\*net.Dialer\).DialContext under param 0`

// The helper takes no context: only a new parameter fixes it, which
// ctxlint -fix threads.
func helperThreaded(d *net.Dialer) {
	h := health.RegisterLiveness("threaded")
	for range h.C {
		lookup() // want `"threaded" \(liveness\): net.LookupHost without the health deadline \(it takes no context\): helperThreaded \(fixes.go:\d+\) → lookup \(fixes.go:\d+\); run ctxlint -fix to thread the deadline down$`
	}
}

func lookup() { net.LookupHost("db") } // want lookup:`reaches net.LookupHost unbounded`
