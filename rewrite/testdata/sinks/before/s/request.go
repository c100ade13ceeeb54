package s

import (
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

func doOK(c *http.Client, url string) error {
	req, err := buildRequest(url)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Fetch sends a request built elsewhere on every tick.
func Fetch(c *http.Client) {
	h := health.RegisterLiveness("fetch")
	for range h.C {
		_ = doOK(c, "http://g")
	}
}

// tlsDial and tlsDialer dial TLS, which has a context form (a
// tls.Dialer's DialContext) since Go 1.15.
func tlsDial(cfg *tls.Config) error {
	conn, err := tls.Dial("tcp", "a:443", cfg)
	if err != nil {
		return err
	}
	_ = conn.ConnectionState()
	return conn.Close()
}

func tlsDialer(cfg *tls.Config) error {
	conn, err := tls.DialWithDialer(&net.Dialer{Timeout: time.Second}, "tcp", "a:443", cfg)
	if err != nil {
		return err
	}
	return conn.Close()
}

// Secure dials over TLS on every tick.
func Secure(cfg *tls.Config) {
	h := health.RegisterLiveness("tls")
	for range h.C {
		_ = tlsDial(cfg)
		_ = tlsDialer(cfg)
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
func status(url string) (int, error) { return statusOf(http.Get(url)) }

// Status checks on every tick.
func Status() {
	h := health.RegisterLiveness("status")
	for range h.C {
		_, _ = status("http://h")
	}
}

// roundTrip sends through an http.RoundTripper held as an interface: the
// request gets the context, once.
func roundTrip(rt http.RoundTripper, url string) error {
	req, err := http.NewRequest(http.MethodGet, url, nil)
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
	for range h.C {
		_ = roundTrip(rt, "http://i")
	}
}

// either sends one request with one of two clients: both sends find the
// request's construction, which gets the context once.
func either(c1, c2 *http.Client, url string, first bool) error {
	req, err := http.NewRequest(http.MethodGet, url, nil)
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
	for range h.C {
		_ = either(c1, c2, "http://j", true)
	}
}
