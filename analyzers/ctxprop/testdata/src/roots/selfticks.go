package roots

import (
	"context"
	"net/http"
	"time"
)

// A monitored function whose handle is of its own kind, its ticks a
// time.Time: the deadline received is the tick, and a context derived from
// it is bounded (ctxlint -fix writes this).
type ownHandle struct{ C <-chan time.Time }

//ctxlint:monitored
func ownTicks(h *ownHandle) {
	for deadline := range h.C {
		ctx, cancel := context.WithDeadline(context.Background(), deadline)
		fetch(ctx)
		cancel()
		collect() // want `"ownTicks" \(monitored\): net/http.Get`
	}
}

//ctxlint:monitored
func ownSelect(h *ownHandle) {
	for {
		select {
		case d := <-h.C:
			ctx, cancel := context.WithDeadline(context.Background(), d)
			fetch(ctx)
			cancel()
		}
	}
}

// A ticker's C carries a time.Time too, but the time of a clock, not a
// health tick: a monitored function with no tick of its own is a
// periodic loop, and the timeout it derives in its iteration is its
// bound (ctxlint -fix -fix.timeout=D writes one).
//
//ctxlint:monitored
func tickerDeadline() {
	t := time.NewTicker(time.Second)
	for now := range t.C {
		ctx, cancel := context.WithDeadline(context.Background(), now.Add(time.Second))
		fetch(ctx)
		cancel()
	}
}

// A clock of its own (a mock clock's ticker) looks like a handle: a
// deadline computed from its time is the loop's own timeout.
type mockTicker struct{ C <-chan time.Time }

//ctxlint:monitored
func mockClock(t *mockTicker) {
	for now := range t.C {
		ctx, cancel := context.WithDeadline(context.Background(), now.Add(time.Hour))
		fetch(ctx) // want `"mockClock" \(monitored\): \(\*net/http.Client\).Do without the health deadline`
		cancel()
	}
}

// fetch sends a request under ctx.
func fetch(ctx context.Context) { // want fetch:"reaches \\(\\*net/http.Client\\).Do under param 0 via fetch"
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, "http://kubelet/pods", nil)
	_, _ = http.DefaultClient.Do(req)
}
