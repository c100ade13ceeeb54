// Package watcher keeps the handle its constructor is given in a field.
package watcher

import (
	"net/http"

	"github.com/ctxlint/ctxlint/runtime/health"
)

type Watcher struct{ h *health.Handle }

func New(h *health.Handle) *Watcher { return &Watcher{h: h} }

func (w *Watcher) Run() {
	for range w.h.C {
		http.Get("http://config/watch")
	}
}
