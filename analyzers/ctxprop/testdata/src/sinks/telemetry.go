package sinks

import (
	"context"

	"go.opentelemetry.io/otel/metric"
	"google.golang.org/grpc"

	"github.com/ctxlint/ctxlint/runtime/health"
)

// A gRPC dial returns at once unless an option makes it wait for the
// connection; telemetry APIs take a context to carry spans, not to bound
// I/O: neither is presumed blocking.
func telemetry(h metric.Histogram, r metric.Recorder, extra []grpc.DialOption) {
	hh := health.RegisterLiveness("telemetry")
	for range hh.C {
		grpc.Dial("agent:4317", grpc.WithInsecure())
		grpc.DialContext(context.Background(), "agent:4317")
		h.Record(context.Background(), 1)
		r.Record(context.Background(), 1)

		grpc.Dial("agent:4317", grpc.WithBlock())                                              // want `"telemetry" \(liveness\): google.golang.org/grpc.Dial without the health deadline`
		grpc.DialContext(context.Background(), "agent:4317", grpc.WithReturnConnectionError()) // want `"telemetry" \(liveness\): google.golang.org/grpc.DialContext without the health deadline \(context.Background\(\)\)`
		opts := append(extra, grpc.WithBlock())
		grpc.Dial("agent:4317", opts...) // want `"telemetry" \(liveness\): google.golang.org/grpc.Dial without the health deadline`
		grpc.Dial("agent:4317", extra...)
	}
}
