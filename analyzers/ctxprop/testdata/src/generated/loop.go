package generated

import "github.com/ctxlint/ctxlint/runtime/health"

func handwritten() {
	h := health.RegisterLiveness("handwritten")
	for range h.C {
		Fetch() // want `"handwritten" \(liveness\): net/http.Get .*: handwritten \(loop.go:8\) → Fetch \(client.pb.go:21\)`
	}
}
