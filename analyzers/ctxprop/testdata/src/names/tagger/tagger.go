// Package tagger gets its handle through a setter, and its loops read it
// through the field and through a getter: the registration's name follows.
package tagger

import (
	"net/http"

	"github.com/ctxlint/ctxlint/runtime/health"
)

type Tagger struct{ h *health.Handle }

func (t *Tagger) SetHealth(h *health.Handle) { t.h = h }

func (t *Tagger) Health() *health.Handle { return t.h } // want Health:"handle \"tagger-x\" \\(liveness\\)"

func New() *Tagger {
	t := &Tagger{}
	t.SetHealth(health.RegisterLiveness("tagger-x"))
	return t
}

func (t *Tagger) Run() {
	for range t.h.C {
		http.Get("http://tags") // want `"tagger-x" \(liveness\): net/http.Get`
	}
}

func (t *Tagger) RunViaGetter() {
	for range t.Health().C {
		http.Get("http://tags/2") // want `"tagger-x" \(liveness\): net/http.Get`
	}
}
