package sinks

import (
	"example.org/stream"
	"github.com/ctxlint/ctxlint/runtime/health"
)

// A constructor configured with functional options may block only to
// build a default the options did not give: stream.New dials a session
// unless an option sets its client. Given WithClient, it makes no call.
func withClientOption(client stream.Client) {
	h := health.RegisterLiveness("given-client")
	for range h.C {
		_, _ = stream.New("orders", stream.WithClient(client))
	}
}

func withOtherOption() {
	h := health.RegisterLiveness("named")
	for range h.C {
		_, _ = stream.New("orders", stream.WithName("n")) // want `"named" \(liveness\): example\.org/stream\.New reaches net\.Dial`
	}
}

func withoutOptions() {
	h := health.RegisterLiveness("default-client")
	for range h.C {
		_, _ = stream.New("orders") // want `"default-client" \(liveness\): example\.org/stream\.New reaches net\.Dial`
	}
}

func withClientReplaced(client stream.Client) {
	h := health.RegisterLiveness("replaced-consumer")
	for range h.C {
		_, _ = stream.NewFresh("orders", stream.WithClient(client)) // want `"replaced-consumer" \(liveness\): example\.org/stream\.NewFresh reaches net\.Dial`
	}
}
