// want package:"dispatch method dockerService.GetHosts"

// Package storedtypes is the fixture for interface values read from a
// field whose stores are all of known types: a call on such a value runs
// only those types' methods, not every implementation in view.
package storedtypes

import (
	"net/http"

	"github.com/ctxlint/ctxlint/runtime/health"
)

// A Service lists the hosts of a service.
type Service interface{ GetHosts() []string }

type podService struct{ hosts []string }

func (s podService) GetHosts() []string { return s.hosts }

type containerService struct{ hosts []string }

func (s *containerService) GetHosts() []string { return s.hosts }

// dockerService asks the docker daemon: it blocks.
type dockerService struct{}

func (dockerService) GetHosts() []string { // want GetHosts:"reaches net/http.Get unbounded via dockerService.GetHosts"
	resp, err := http.Get("http://docker/hosts")
	if err == nil {
		resp.Body.Close()
	}
	return nil
}

// A listener keeps pod and container services only: its calls on them
// never ask docker.
type listener struct {
	h        *health.Handle
	services map[string]Service
	current  Service
	all      []Service
}

func newListener() *listener {
	return &listener{h: health.RegisterLiveness("listener"), services: map[string]Service{}, current: podService{}}
}

func (l *listener) add(id string, pod bool) {
	if pod {
		l.services[id] = podService{}
	} else {
		l.services[id] = &containerService{}
	}
	l.all = append(l.all, l.services[id])
	delete(l.services, "stale")
}

func (l *listener) run() {
	for range l.h.C {
		for _, svc := range l.services {
			svc.GetHosts()
		}
		l.services["x"].GetHosts()
		if svc, ok := l.services["y"]; ok {
			svc.GetHosts()
		}
		l.current.GetHosts()
		for _, svc := range l.all {
			svc.GetHosts()
		}
	}
}

// A registry's field is also stored from a parameter: it may hold any
// Service, docker's too.
type registry struct {
	h      *health.Handle
	byName map[string]Service
}

func (r *registry) register(name string, s Service) { r.byName[name] = s }

func (r *registry) run() {
	for range r.h.C {
		for _, s := range r.byName {
			s.GetHosts() // want `"registry" \(liveness\): net/http.Get without the health deadline`
		}
	}
}

func newRegistry() *registry {
	r := &registry{h: health.RegisterLiveness("registry"), byName: map[string]Service{}}
	r.register("docker", dockerService{})
	return r
}

// A watcher's field is set by a positional literal, with docker's
// service, and by reset, with a pod service: it may hold either.
type watcher struct {
	h   *health.Handle
	svc Service
}

func newWatcher() *watcher {
	return &watcher{health.RegisterLiveness("watcher"), dockerService{}}
}

func (w *watcher) run() {
	for range w.h.C {
		w.svc.GetHosts() // want `"watcher" \(liveness\): net/http.Get without the health deadline`
	}
}

func (w *watcher) reset() { w.svc = podService{} }

// A local declared with docker's service, then set from the listener's
// map on some ticks only, may hold either.
func (l *listener) fallback() {
	for range l.h.C {
		var svc Service = dockerService{}
		if len(l.services) > 0 {
			svc = l.services["x"]
		}
		svc.GetHosts() // want `"listener" \(liveness\): net/http.Get without the health deadline`
	}
}

// A slice field filled by copy holds what the other slice does.
type pool struct {
	h    *health.Handle
	svcs []Service
}

func (p *pool) fill(from []Service) {
	p.svcs = append(p.svcs, podService{})
	copy(p.svcs, from)
}

func (p *pool) run() {
	for range p.h.C {
		for _, s := range p.svcs {
			s.GetHosts() // want `"pool" \(liveness\): net/http.Get without the health deadline`
		}
	}
}

func newPool() *pool {
	p := &pool{h: health.RegisterLiveness("pool")}
	p.fill([]Service{dockerService{}})
	return p
}

// Builtins without arguments are calls like any other.
func (p *pool) safe() {
	defer func() { _ = recover() }()
}
