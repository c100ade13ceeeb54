// Package forwarder posts payloads to the intake over HTTP.
//
// Shapes: an http.Client whose 30 s Timeout is longer than the health
// deadline; a package-level func variable (send) that tests replace; the
// handle in a struct field set by the constructor's literal; a ticker loop
// whose tick read is a second case of the same select; seelog as the logger.
//
// Expected reports in this file (component "forwarder", liveness):
//   - Forwarder.Run → flushLegacy → send (a func variable) → postPayload →
//     (*http.Client).Post: REPORTED (no context; the client's 30 s Timeout is
//     not the loop's deadline).
//   - Forwarder.Run → flush(ctx) → http.NewRequestWithContext(ctx, ...) +
//     (*http.Client).Do with ctx from health.WithDeadline: NOT reported.
package forwarder

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/cihub/seelog"
	"github.com/ctxlint/ctxlint/runtime/health"
)

var client = &http.Client{Timeout: 30 * time.Second}

// send is a package-level func variable so that tests can replace it.
var send = postPayload

func postPayload(url string, body []byte) error {
	resp, err := client.Post(url, "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("intake: %s", resp.Status)
	}
	return nil
}

// Forwarder sends what the checks queue.
type Forwarder struct {
	URL   string
	queue chan []byte
	h     *health.Handle
}

// New registers the forwarder for liveness.
func New(url string) *Forwarder {
	return &Forwarder{URL: url, queue: make(chan []byte, 100), h: health.RegisterLiveness("forwarder")}
}

// Enqueue queues a payload.
func (f *Forwarder) Enqueue(p []byte) { f.queue <- p }

// Run flushes every interval and answers every tick.
func (f *Forwarder) Run(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			f.flushLegacy()
		case deadline := <-f.h.C:
			fctx, cancel := health.WithDeadline(ctx, deadline)
			f.flush(fctx)
			cancel()
		case <-ctx.Done():
			return
		}
	}
}

// flushLegacy is the pre-migration path.
func (f *Forwarder) flushLegacy() {
	for {
		select {
		case p := <-f.queue:
			if err := send(f.URL, p); err != nil { // REPORTED: Post, 30 s Timeout
				seelog.Warnf("forwarding: %v", err)
			}
		default:
			return
		}
	}
}

// flush sends under the tick's context.
func (f *Forwarder) flush(ctx context.Context) {
	for {
		select {
		case p := <-f.queue:
			req, err := http.NewRequestWithContext(ctx, http.MethodPost, f.URL, bytes.NewReader(p))
			if err != nil {
				seelog.Errorf("building request: %v", err)
				continue
			}
			resp, err := client.Do(req) // not reported: bounded
			if err != nil {
				seelog.Warnf("forwarding: %v", err)
				return
			}
			resp.Body.Close()
		default:
			return
		}
	}
}
