// Package sinks documents the blocking calls ctxprop models, each inside a
// monitored loop: which are reported when they can outlive the loop's
// health deadline, and which are clean when given a context bounded by it.
package sinks

import (
	"context"
	"net/http"
	"net/url"
	"time"

	"github.com/ctxlint/ctxlint/runtime/health"
)

// The package-level helpers of net/http take no context: always reported.
func packageHelpers() {
	h := health.RegisterLiveness("http-helpers")
	for {
		select {
		case <-h.C:
			http.Get("http://kubelet/pods")                        // want `"http-helpers" \(liveness\): net/http\.Get without the health deadline \(it takes no context\): packageHelpers \(http\.go:\d+\)`
			http.Head("http://kubelet/healthz")                    // want `"http-helpers" \(liveness\): net/http\.Head without the health deadline \(it takes no context\)`
			http.Post("http://intake/v1", "application/json", nil) // want `"http-helpers" \(liveness\): net/http\.Post without the health deadline \(it takes no context\)`
			http.PostForm("http://intake/v1/form", url.Values{})   // want `"http-helpers" \(liveness\): net/http\.PostForm without the health deadline \(it takes no context\)`
		}
	}
}

// The same methods on an *http.Client take no context either.
func clientHelpers() {
	h := health.RegisterLiveness("http-client-helpers")
	c := http.DefaultClient
	for {
		select {
		case <-h.C:
			c.Get("http://kubelet/pods")                        // want `"http-client-helpers" \(liveness\): \(\*net/http\.Client\)\.Get without the health deadline \(it takes no context\)`
			c.Head("http://kubelet/healthz")                    // want `\(\*net/http\.Client\)\.Head without the health deadline \(it takes no context\)`
			c.Post("http://intake/v1", "application/json", nil) // want `\(\*net/http\.Client\)\.Post without the health deadline \(it takes no context\)`
			c.PostForm("http://intake/v1/form", url.Values{})   // want `\(\*net/http\.Client\)\.PostForm without the health deadline \(it takes no context\)`
		}
	}
}

// (*http.Client).Do runs under its request's context: a request from
// http.NewRequest has none and is reported, one from
// http.NewRequestWithContext with a context bounded by the tick is clean.
func clientDo() {
	h := health.RegisterReadiness("http-do")
	for {
		select {
		case deadline := <-h.C:
			unbounded, _ := http.NewRequest("GET", "http://kubelet/pods", nil)
			http.DefaultClient.Do(unbounded) // want `"http-do" \(readiness\): \(\*net/http\.Client\)\.Do without the health deadline \(request built with http\.NewRequest\): clientDo \(http\.go:\d+\)`

			ctx, cancel := health.WithDeadline(context.Background(), deadline)
			bounded, _ := http.NewRequestWithContext(ctx, "GET", "http://kubelet/pods", nil)
			http.DefaultClient.Do(bounded)
			cancel()
		}
	}
}

// A client with a Timeout, kept in a struct field: the Timeout bounds the
// call, but not by the loop's deadline, and the report says so.
type kubeletPoller struct {
	client *http.Client
	health *health.Handle
}

func newKubeletPoller() *kubeletPoller {
	return &kubeletPoller{
		client: &http.Client{Timeout: 30 * time.Second},
		health: health.RegisterReadiness("kubelet-poller"),
	}
}

func (p *kubeletPoller) run() {
	for {
		select {
		case deadline := <-p.health.C:
			p.client.Get("http://kubelet/pods") // want `"kubelet-poller" \(readiness\): \(\*net/http\.Client\)\.Get without the health deadline \(it takes no context; the client's Timeout \(30 \* time\.Second\) exists but is not the loop's deadline\): kubeletPoller\.run \(http\.go:\d+\)`

			req, _ := http.NewRequest("GET", "http://kubelet/pods", nil)
			p.client.Do(req) // want `\(\*net/http\.Client\)\.Do without the health deadline \(request built with http\.NewRequest; the client's Timeout \(30 \* time\.Second\) exists but is not the loop's deadline\)`

			// A bounded request makes the client's Timeout irrelevant.
			ctx, cancel := health.WithDeadline(context.Background(), deadline)
			bounded, _ := http.NewRequestWithContext(ctx, "GET", "http://kubelet/pods", nil)
			p.client.Do(bounded)
			cancel()
		}
	}
}

// RoundTrip, on the RoundTripper interface or on *http.Transport, runs
// under its request's context like Do.
func roundTrip() {
	h := health.RegisterLiveness("round-trip")
	transport := &http.Transport{}
	for {
		select {
		case deadline := <-h.C:
			req, _ := http.NewRequest("GET", "http://kubelet/pods", nil)
			http.DefaultTransport.RoundTrip(req) // want `"round-trip" \(liveness\): \(net/http\.RoundTripper\)\.RoundTrip without the health deadline \(request built with http\.NewRequest\)`
			transport.RoundTrip(req)             // want `"round-trip" \(liveness\): \(\*net/http\.Transport\)\.RoundTrip without the health deadline \(request built with http\.NewRequest\)`

			ctx, cancel := health.WithDeadline(context.Background(), deadline)
			bounded, _ := http.NewRequestWithContext(ctx, "GET", "http://kubelet/pods", nil)
			http.DefaultTransport.RoundTrip(bounded)
			transport.RoundTrip(bounded)
			cancel()
		}
	}
}
