// want package:"dispatch method pods.List, method counts.List"

// Package generic shows calls through type parameters: resolved through
// the instantiations visible in the package, and the constraint's methods.
package generic

import (
	"context"
	"net/http"

	"github.com/ctxlint/ctxlint/runtime/health"
)

type Lister[T any] interface {
	List(ctx context.Context) ([]T, error)
}

type Poller[T any, L Lister[T]] struct {
	lister L
}

func (p *Poller[T, L]) Run() {
	h := health.RegisterLiveness("poller")
	for deadline := range h.C {
		p.lister.List(context.Background()) // want `"poller" \(liveness\): \(\*net/http.Client\).Do without the health deadline \(context.Background\(\)\): ~Poller.Run \(generic.go:\d+\) → pods.List \(generic.go:\d+\)`

		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		p.lister.List(ctx)
		cancel()
	}
}

type pods struct{ c *http.Client }

func (p pods) List(ctx context.Context) ([]string, error) { // want List:"reaches \\(\\*net/http.Client\\).Do under param 0 via pods.List"
	req, _ := http.NewRequestWithContext(ctx, "GET", "http://kubelet/pods", nil)
	_, err := p.c.Do(req)
	return nil, err
}

var podPoller = &Poller[string, pods]{lister: pods{c: http.DefaultClient}}

// A generic function whose type parameter's method is called directly.
func Refresh[L Lister[int]](l L) {
	h := health.RegisterLiveness("refresh")
	for range h.C {
		l.List(context.TODO()) // want `"refresh" \(liveness\): \(\*net/http.Client\).Do without the health deadline \(context.TODO\(\)\): ~Refresh \(generic.go:\d+\) → counts.List \(generic.go:\d+\)`
	}
}

type counts struct{}

func (counts) List(ctx context.Context) ([]int, error) { // want List:"reaches \\(\\*net/http.Client\\).Do under param 0 via counts.List"
	req, _ := http.NewRequestWithContext(ctx, "GET", "http://kubelet/stats", nil)
	_, err := http.DefaultClient.Do(req)
	return nil, err
}

func start() { go Refresh(counts{}) }
