package generated

import "github.com/ctxlint/ctxlint/runtime/health"

// The report stops at the call into generated code: the fix belongs here
// (or in the generator), not in the generated file.
func handwritten() {
	h := health.RegisterLiveness("handwritten")
	for range h.C {
		Fetch() // want `"handwritten" \(liveness\): generated.Fetch reaches net/http.Get \(client.pb.go:21\) without the health deadline .*: handwritten \(loop.go:10\)$`
	}
}
