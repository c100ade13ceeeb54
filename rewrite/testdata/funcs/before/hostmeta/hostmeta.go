// Package hostmeta resolves the hostname through functions stored in a map
// (filled in init), a package-level func variable, a method value, a
// func-typed struct field and a closure passed to a retry helper.
package hostmeta

import (
	"errors"
	"net"
	"os"

	"github.com/ctxlint/ctxlint/runtime/health"
)

var providers = map[string]func() (string, error){}

func init() {
	providers["os"] = osHostname
	providers["dns"] = dnsHostname
	providers["std"] = os.Hostname // a function of another module: adapted
}

// resolve is a variable so tests can replace it.
var resolve = byProvider

func byProvider(name string) (string, error) {
	fn, ok := providers[name]
	if !ok {
		return "", errors.New("unknown provider")
	}
	return fn()
}

func osHostname() (string, error) { return os.Hostname() }

func dnsHostname() (string, error) {
	names, err := net.LookupAddr("127.0.0.1")
	if err != nil || len(names) == 0 {
		return "", err
	}
	return names[0], nil
}

// Collector holds its lookup as a field.
type Collector struct {
	lookup func(string) (string, error)
}

// New wires a method value of a resolver into the field.
func New() *Collector {
	r := &resolver{}
	return &Collector{lookup: r.host}
}

type resolver struct{}

func (r *resolver) host(name string) (string, error) { return resolve(name) }

// retry calls fn until it succeeds, three times at most.
func retry(fn func() error) error {
	var err error
	for range 3 {
		if err = fn(); err == nil {
			return nil
		}
	}
	return err
}

// hooks run after each resolution; filled with append.
var hooks []func() (string, error)

func init() { hooks = append(hooks, dnsHostname) }

// Run resolves on every tick.
func (c *Collector) Run() {
	h := health.RegisterLiveness("hostmeta")
	for range h.C {
		for _, hook := range hooks {
			_, _ = hook()
		}
		_ = retry(func() error {
			_, err := c.lookup("dns")
			return err
		})
	}
}
