// (The package's dispatch fact is asserted in periodic.go, its first file.)

// Package roots shows the loop shapes ctxprop recognises as monitored.
package roots

import (
	"fmt"
	"net/http"
	"time"

	"github.com/ctxlint/ctxlint/runtime/health"
)

// A local handle in the classic loop.
func local() {
	h := health.RegisterLiveness("local")
	for {
		select {
		case <-h.C:
			http.Get("http://kubelet/pods") // want `"local" \(liveness\): net/http.Get without the health deadline \(it takes no context\): local \(roots.go:20\)`
		}
	}
}

// The handle is a struct field set in a constructor literal; the loop runs
// in "go l.run()".
type listener struct {
	health *health.Handle
	stop   chan struct{}
}

func newListener(c *health.Catalog) *listener {
	return &listener{health: c.RegisterReadiness("ad-kubeletlistener"), stop: make(chan struct{})}
}

func (l *listener) Listen() { go l.run() }

func (l *listener) run() {
	for {
		select {
		case <-l.health.C:
			l.pull() // want `"ad-kubeletlistener" \(readiness\): net/http.Get without the health deadline \(it takes no context\): listener.run \(roots.go:42\) → listener.pull \(roots.go:50\)`
		case <-l.stop:
			return
		}
	}
}

func (l *listener) pull() { // want pull:"reaches net/http.Get unbounded via listener.pull"
	http.Get("http://kubelet/pods")
}

// A local named health shadows the package; the handle is passed as a
// parameter and the select sits in a helper called by the loop.
type poller struct{ name string }

func startPoller(p *poller) {
	health := health.RegisterLiveness(fmt.Sprintf("ad-config-provider-%s", p.name))
	go p.poll(health)
}

func (p *poller) poll(h *health.Handle) {
	for p.process(h) {
	}
}

func (p *poller) process(h *health.Handle) bool {
	select {
	case <-h.C:
		http.Get("http://config") // want `"ad-config-provider-<p.name>" \(liveness\): net/http.Get`
		return true
	}
}

// A ticker loop with the health read in an inner select, non-blocking.
func tickerLoop(h *health.Handle) {
	t := time.NewTicker(time.Second)
	for range t.C {
		select {
		case <-h.C:
		default:
		}
		collect() // want `component of h \(health\): net/http.Get without the health deadline \(it takes no context\): tickerLoop \(roots.go:83\) → collect \(roots.go:96\)`
	}
}

// A name computed with + (variable parts spelled <expr>), and a range.
func ranged(zone string) {
	h := health.RegisterLiveness("metadata-" + zone + "-50%")
	for range h.C {
		collect() // want `"metadata-<zone>-50%" \(liveness\)`
	}
}

func collect() { // want collect:"reaches net/http.Get unbounded via collect"
	http.Get("http://metadata")
}

// Catalog.Register with an explicit kind.
func registered(c *health.Catalog) {
	h, _ := c.Register(health.Startup, "initial-sync")
	for {
		<-h.C
		collect() // want `"initial-sync" \(startup\)`
	}
}

// Code outside the loop runs once: not part of an iteration.
func setupOnce() { // want setupOnce:"reaches net/http.Get unbounded via setupOnce→collect"
	h := health.RegisterLiveness("once")
	collect()
	for {
		<-h.C
	}
}

// A function marked monitored is a root though it has no handle.
//
//ctxlint:monitored
func checkRunner() {
	collect() // want `"checkRunner" \(monitored\): net/http.Get`
}

// A name formatted from constants only is the string it makes; a variable
// argument, or a value that formats itself, is spelled <expr>.
func workerOne() {
	h := health.RegisterLiveness(fmt.Sprintf("worker-%d-of-%s", 1, "pool"))
	for range h.C {
		collect() // want `"worker-1-of-pool" \(liveness\)`
	}
}

func workerN(i int) {
	h := health.RegisterLiveness(fmt.Sprintf("worker-%d", i))
	for range h.C {
		collect() // want `"worker-<i>" \(liveness\)`
	}
}

func durationPoller() {
	h := health.RegisterLiveness(fmt.Sprintf("poll-%v", 5*time.Second))
	for range h.C {
		collect() // want `"poll-<5 \* time.Second>" \(liveness\)`
	}
}

// A name whose run-time part the package's callers all give as constants
// is each name they make: one loop, several components.
func metadata(name string) {
	h := health.RegisterReadiness(fmt.Sprintf("metadata-%s", name))
	for range h.C {
		collect() // want `"metadata-gohai", "metadata-host" \(readiness\)`
	}
}

func startMetadata() {
	go metadata("host")
	go metadata("gohai")
}

func collector(kind string) {
	h := health.RegisterLiveness("collector-" + kind)
	for range h.C {
		collect() // want `"collector-docker", "collector-kubelet" \(liveness\)`
	}
}

func startCollectors() {
	for kind := range map[string]bool{"docker": true, "kubelet": true} {
		go collector(kind)
	}
}

// Exported: callers in other packages may pass any name.
func Named(name string) {
	h := health.RegisterLiveness("named-" + name)
	for range h.C {
		collect() // want `"named-<name>" \(liveness\)`
	}
}

func startNamed() { go Named("fixed") }
