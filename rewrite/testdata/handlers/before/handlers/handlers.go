// Package handlers dispatches through a map of handlers that already take
// a context, filled in init: one of them drops its context (blank) and
// calls a function without one, so the migration names the blank
// parameter and passes it on. Two paths reach the same request, through
// two helpers: both are threaded in one run.
package handlers

import (
	"context"
	"net/http"
	"strconv"

	"github.com/ctxlint/ctxlint/runtime/health"
)

var handlers = map[string]func(context.Context, int) error{}

// onStart runs once, outside any monitored loop.
var onStart func() error

func init() {
	handlers["fetch"] = fetch
	handlers["legacy"] = func(_ context.Context, n int) error { return legacy(n) } // drops its context
	handlers["local"] = func(context.Context, int) error { return nil }
	onStart = func() error { return legacy(0) } // stored, run later: no deadline there yet
}

func fetch(ctx context.Context, n int) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url(n), nil)
	if err != nil {
		return err
	}
	return do(req)
}

// legacy takes no context.
func legacy(n int) error {
	audit(n) //ctxlint:ignore ctxprop best effort, bounded by the audit server
	if n%2 == 0 {
		return even(n)
	}
	return odd(n)
}

func even(n int) error { return get(n) }

func odd(n int) error { return get(n + 1) }

func get(n int) error {
	req, err := http.NewRequest(http.MethodGet, url(n), nil)
	if err != nil {
		return err
	}
	return do(req)
}

func do(req *http.Request) error {
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// audit is suppressed where legacy calls it: left as it is.
func audit(n int) {
	if resp, err := http.Get(url(n) + "/audit"); err == nil {
		resp.Body.Close()
	}
}

func url(n int) string { return "http://backend.invalid/" + strconv.Itoa(n) }

// Handle dispatches to the named handler.
func Handle(ctx context.Context, name string, n int) error {
	return handlers[name](ctx, n)
}

// Run handles on every tick.
func Run() {
	h := health.RegisterLiveness("handlers")
	for range h.C {
		_ = Handle(context.Background(), "legacy", 1)
	}
}
