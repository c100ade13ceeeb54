// want package:"dispatch method reader.Gather"

// Package constguard: a constant argument of any basic type chooses a
// branch, as a boolean one does. A stats reader without servers reads its
// default address, which is HTTP: the socket branch never runs from that
// call, and its path goes through the configured servers instead.
package constguard

import (
	"net"
	"net/http"
	"strings"

	"github.com/ctxlint/ctxlint/runtime/health"
)

type reader struct{ servers []string }

// gather reads one address: through a unix socket, or over HTTP.
func gather(addr string) error { // want gather:`reaches net/http.Get unbounded via gather if parameter 0 has strings.HasPrefix\(_, "http"\); net.Dial unbounded via gather→socket if parameter 0 has !\(strings.HasPrefix\(_, "http"\)\)`
	if !strings.HasPrefix(addr, "http") {
		return socket(addr)
	}
	if !strings.HasSuffix(addr, "/stats") {
		addr += "/stats" // after the condition: it still decides
	}
	resp, err := http.Get(addr)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func socket(path string) error { // want socket:`reaches net.Dial unbounded via socket`
	c, err := net.Dial("unix", path)
	if err != nil {
		return err
	}
	return c.Close()
}

func (r *reader) Gather() error { // want Gather:`reaches net/http.Get unbounded via reader.Gather→gather; net.Dial unbounded via reader.Gather→gather→socket`
	if len(r.servers) == 0 {
		return gather("http://127.0.0.1:1936/stats")
	}
	for _, s := range r.servers {
		if err := gather(s); err != nil {
			return err
		}
	}
	return nil
}

// fetch pulls only in the modes that pull.
func fetch(mode, url string) error { // want fetch:`reaches net/http.Get unbounded via fetch if parameter 0 has \(\(_ == "pull"\) \|\| \(_ == "both"\)\)`
	if mode == "pull" || mode == "both" {
		resp, err := http.Get(url)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}
	return nil
}

// probe dials only when it may retry.
func probe(addr string, retries int) error { // want probe:`reaches net.Dial unbounded via probe→socket if parameter 1 has \(_ > 0\)`
	if retries > 0 {
		return socket(addr)
	}
	return nil
}

func Loop(r *reader) {
	h := health.RegisterLiveness("stats")
	for range h.C {
		r.Gather() // want `"stats" \(liveness\): net/http.Get without the health deadline \(it takes no context\): Loop \(constguard.go:77\) → reader.Gather \(constguard.go:44\) → gather \(constguard.go:27\)` `"stats" \(liveness\): net.Dial without the health deadline \(it takes no context\): Loop \(constguard.go:77\) → reader.Gather \(constguard.go:47\) → gather \(constguard.go:22\) → socket \(constguard.go:35\)`
		fetch("push", "http://127.0.0.1:9091/metrics")
		probe("/run/stats.sock", 0)
		serve("http://127.0.0.1/status") // want `"stats" \(liveness\): net/http.Get without the health deadline \(it takes no context\): Loop \(constguard.go:80\) → serve \(constguard.go:89\) → get \(constguard.go:103\)`
	}
}

// serve picks a transport by scheme: HTTP, FastCGI over TCP, else a unix
// socket. The socket branch runs only if neither scheme matches: the
// early return's condition holds there too.
func serve(addr string) error { // want serve:`reaches net.Dial unbounded via serve→socket if parameter 0 has !\(strings.HasPrefix\(_, "http://"\)\) && !\(strings.HasPrefix\(_, "fcgi://"\)\); net.Dial unbounded via serve if parameter 0 has !\(strings.HasPrefix\(_, "http://"\)\) && strings.HasPrefix\(_, "fcgi://"\); net/http.Get unbounded via serve→get if parameter 0 has strings.HasPrefix\(_, "http://"\)`
	if strings.HasPrefix(addr, "http://") {
		return get(addr)
	}
	if strings.HasPrefix(addr, "fcgi://") {
		c, err := net.Dial("tcp", strings.TrimPrefix(addr, "fcgi://"))
		if err != nil {
			return err
		}
		return c.Close()
	} else {
		return socket(addr)
	}
}

func get(url string) error { // want get:`reaches net/http.Get unbounded via get`
	resp, err := http.Get(url)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// redial's count changes in the loop around its condition, and early's
// before it: neither condition tells a caller's constant what runs.
func redial(addr string, tries int) error { // want redial:`reaches net.Dial unbounded via redial→socket`
	for i := 0; i < 3; i++ {
		if tries > 0 {
			return socket(addr)
		}
		tries++
	}
	return nil
}

func early(addr string, tries int) error { // want early:`reaches net.Dial unbounded via early→socket`
	tries++
	if tries > 1 {
		return socket(addr)
	}
	return nil
}
