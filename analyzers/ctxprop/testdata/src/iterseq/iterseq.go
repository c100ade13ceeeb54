// want package:"dispatch value pods.func1"

// Package iterseq shows range-over-func in and around monitored loops.
package iterseq

import (
	"iter"
	"net/http"

	"github.com/ctxlint/ctxlint/runtime/health"
)

// pods yields pods fetched from the kubelet: the iterator blocks.
func pods() iter.Seq[string] {
	return func(yield func(string) bool) {
		resp, err := http.Get("http://kubelet/pods")
		if err != nil {
			return
		}
		resp.Body.Close()
		yield("pod")
	}
}

func numbers(yield func(int) bool) {
	for i := range 3 {
		if !yield(i) {
			return
		}
	}
}

func ranging() {
	h := health.RegisterLiveness("ranging")
	for range h.C {
		for p := range pods() { // want `"ranging" \(liveness\): net/http.Get .*: ~ranging \(iterseq.go:36\) → pods.func1 \(iterseq.go:16\)`
			_ = p
		}
		for n := range numbers {
			_ = n
		}
	}
}

// The loop itself may range over a function.
func overFunc(h *health.Handle) {
	for range numbers {
		<-h.C
		http.Get("http://x") // want `component of h \(health\): net/http.Get`
	}
}
