package generated

import (
	"context"

	"generated/stub"
	"github.com/ctxlint/ctxlint/runtime/health"
)

// The report stops at the call into generated code: the fix belongs here
// (or in the generator), not in the generated file.
func handwritten() {
	h := health.RegisterLiveness("handwritten")
	for range h.C {
		Fetch() // want `"handwritten" \(liveness\): generated.Fetch reaches net/http.Get \(client.pb.go:21\) without the health deadline .*: handwritten \(loop.go:\d+\)$`
	}
}

// A call through a generated client's interface stops at the call too.
func greet(c stub.GreeterClient) {
	h := health.RegisterLiveness("greeter")
	for range h.C {
		c.SayHello(context.Background(), "x") // want `"greeter" \(liveness\): \(generated/stub.GreeterClient\).SayHello reaches \(\*net/http.Client\).Do \(greeter.pb.go:21\) without the health deadline \(context.Background\(\)\): ~greet \(loop.go:\d+\)$`
	}
}
