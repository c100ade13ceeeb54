// want package:"dispatch value Probe, method Runner.Run, method Runner.step, method Runner.Retry"

// Package backoff runs an attempt until it succeeds. A client keeps a
// Runner and configures it, once, with its own attempt: the attempt a
// runner runs is the one stored in that runner, not every client's.
package backoff

import "net"

// Options configure a Runner.
type Options struct {
	Name    string
	Attempt func() error
}

// Runner keeps its options by value: only its own methods write them.
type Runner struct {
	opts  Options
	tries int
}

// Configure keeps o; a client calls it once, as it sets itself up.
func (r *Runner) Configure(o *Options) { r.opts = *o } // want Configure:`sets field opts from parameter 0`

// Run makes an attempt: it calls, through step, the attempt its own
// runner holds, a field call of its receiver as step's is.
func (r *Runner) Run() error { return r.step() } // want Run:`reaches net.Dial unbounded via Runner.Run→Runner.step→Probe; calls field opts.Attempt \(set by setters too\) of the receiver at backoff.go:31:9`

func (r *Runner) step() error { // want step:`reaches net.Dial unbounded via Runner.step→Probe; calls field opts.Attempt \(set by setters too\) of the receiver at backoff.go:31:9`
	r.tries++
	return r.opts.Attempt()
}

// Probe is an attempt of the same signature that dials a registry: in
// this package's view, any runner may run it.
func Probe() error { // want Probe:`reaches net.Dial unbounded via Probe`
	c, err := net.Dial("tcp", "registry:5000")
	if err != nil {
		return err
	}
	return c.Close()
}

// Default options probe the registry.
var Default = Options{Name: "probe", Attempt: Probe}

// Retry tries again on failure: the field call it forwards from step is
// the one it forwards from itself, not a new one each time round.
func (r *Runner) Retry(n int) error { // want Retry:`reaches net.Dial unbounded via Runner.Retry→Runner.step→Probe; calls field opts.Attempt \(set by setters too\) of the receiver at backoff.go:31:9`
	if err := r.step(); err != nil && n > 0 {
		return r.Retry(n - 1)
	}
	return nil
}
