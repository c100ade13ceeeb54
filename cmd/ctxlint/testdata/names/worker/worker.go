// Package worker runs a loop on a handle its callers register: package by
// package its name is unknown here.
package worker

import (
	"net/http"

	"github.com/ctxlint/ctxlint/runtime/health"
)

func Run(h *health.Handle) {
	for range h.C {
		http.Get("http://kubelet/pods")
	}
}
