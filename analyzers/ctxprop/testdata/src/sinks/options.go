package sinks

import (
	"example.org/stream"
	"github.com/ctxlint/ctxlint/runtime/health"
)

type memClient struct{}

func (*memClient) Get(string) error { return nil }

// A constructor configured with functional options may block only to
// build a default the options did not give: stream.New dials a session
// unless an option sets its client. Given WithClient with a client that
// is surely there, it makes no call.
func withClientOption() {
	client := &memClient{}
	h := health.RegisterLiveness("given-client")
	for range h.C {
		_, _ = stream.New("orders", stream.WithClient(client))
	}
}

// A client the caller was given may be nil; an option after WithClient
// may clear it again.
func withOptionalClient(client stream.Client) {
	h := health.RegisterLiveness("optional-client")
	for range h.C {
		_, _ = stream.New("orders", stream.WithClient(client)) // want `"optional-client" \(liveness\): example\.org/stream\.New reaches net\.Dial`
	}
}

func withClientCleared() {
	h := health.RegisterLiveness("cleared-client")
	for range h.C {
		_, _ = stream.New("orders", stream.WithClient(&memClient{}), stream.WithoutClient()) // want `"cleared-client" \(liveness\): example\.org/stream\.New reaches net\.Dial`
	}
}

func withClientReset() {
	h := health.RegisterLiveness("reset-consumer")
	for range h.C {
		_, _ = stream.NewReset("orders", stream.WithClient(&memClient{})) // want `"reset-consumer" \(liveness\): example\.org/stream\.NewReset reaches net\.Dial`
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

func withClientReplaced() {
	h := health.RegisterLiveness("replaced-consumer")
	for range h.C {
		_, _ = stream.NewFresh("orders", stream.WithClient(&memClient{})) // want `"replaced-consumer" \(liveness\): example\.org/stream\.NewFresh reaches net\.Dial`
	}
}
