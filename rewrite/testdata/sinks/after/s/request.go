package s

import (
	"context"
	"crypto/tls"
	"net"
	"net/http"
	"time"

	"github.com/ctxlint/ctxlint/runtime/health"
)

// buildRequest is the module's own request builder: the request it
// returns gets the context where it is sent.
func buildRequest(url string) (*http.Request, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	return req, nil
}

func doOK(ctx context.Context, c *http.Client, url string) error {
	req, err := buildRequest(url)
	if err != nil {
		return err
	}
	resp, err := c.Do(req.WithContext(ctx))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Fetch sends a request built elsewhere on every tick.
func Fetch(c *http.Client) {
	h := health.RegisterLiveness("fetch")
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		_ = doOK(ctx, c, "http://g")
		cancel()
	}
}

// tlsDial and tlsDialer dial TLS, which has a context form (a
// tls.Dialer's DialContext) since Go 1.15.
func tlsDial(ctx context.Context, cfg *tls.Config) error {
	conn, err := func() (*tls.Conn, error) {
		conn, err := (&tls.Dialer{Config: cfg}).DialContext(ctx, "tcp", "a:443")
		if err != nil {
			return nil, err
		}
		return conn.(*tls.Conn), nil
	}()
	if err != nil {
		return err
	}
	_ = conn.ConnectionState()
	return conn.Close()
}

func tlsDialer(ctx context.Context, cfg *tls.Config) error {
	conn, err := func() (*tls.Conn, error) {
		conn, err := (&tls.Dialer{NetDialer: &net.Dialer{Timeout: time.Second}, Config: cfg}).DialContext(ctx, "tcp", "a:443")
		if err != nil {
			return nil, err
		}
		return conn.(*tls.Conn), nil
	}()
	if err != nil {
		return err
	}
	return conn.Close()
}

// Secure dials over TLS on every tick.
func Secure(cfg *tls.Config) {
	h := health.RegisterLiveness("tls")
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		_ = tlsDial(ctx, cfg)
		_ = tlsDialer(ctx, cfg)
		cancel()
	}
}

// statusOf reads a response's status.
func statusOf(resp *http.Response, err error) (int, error) {
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	return resp.StatusCode, nil
}

// status gets inside a larger expression: the call becomes a closure
// called in place.
func status(ctx context.Context, url string) (int, error) {
	return statusOf(func() (*http.Response, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		return http.DefaultClient.Do(req)
	}())
}

// Status checks on every tick.
func Status() {
	h := health.RegisterLiveness("status")
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		_, _ = status(ctx, "http://h")
		cancel()
	}
}

// roundTrip sends through an http.RoundTripper held as an interface: the
// request gets the context, once.
func roundTrip(ctx context.Context, rt http.RoundTripper, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := rt.RoundTrip(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Trip sends on every tick.
func Trip(rt http.RoundTripper) {
	h := health.RegisterLiveness("trip")
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		_ = roundTrip(ctx, rt, "http://i")
		cancel()
	}
}

// either sends one request with one of two clients: both sends find the
// request's construction, which gets the context once.
func either(ctx context.Context, c1, c2 *http.Client, url string, first bool) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	var resp *http.Response
	if first {
		resp, err = c1.Do(req)
	} else {
		resp, err = c2.Do(req)
	}
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Either sends on every tick.
func Either(c1, c2 *http.Client) {
	h := health.RegisterLiveness("either")
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		_ = either(ctx, c1, c2, "http://j", true)
		cancel()
	}
}
