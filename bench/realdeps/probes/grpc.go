// Package probes checks a gRPC backend with google.golang.org/grpc: the
// standard health service's generated client and a generated-style stub of
// the agent's own (forwarder_grpc.pb.go).
//
// Shapes: a connection dialled lazily inside the loop with grpc.Dial, which
// does not block without grpc.WithBlock; generated client stubs; a component
// name built with fmt.Sprintf; a logrus *Logger.
//
// Expected reports in this file (component "grpc-probe-<target>", liveness):
//   - Prober.run → grpc.Dial(target, creds): NOT reported. Without
//     WithBlock (or WithReturnConnectionError) Dial returns at once and
//     connects in the background; DialContext exists but only matters for a
//     blocking dial.
//   - Prober.run → (grpc_health_v1.HealthClient).Check(context.Background()):
//     REPORTED (a generated gRPC stub given Background).
//   - Prober.run → (ForwarderClient).Send(context.Background()) → the
//     generated-style stub → (grpc.ClientConnInterface).Invoke: REPORTED, at
//     the Send call (the chain stops before the generated file).
//   - Prober.run → HealthClient.Check(ctx) and ForwarderClient.Send(ctx) with
//     ctx from health.WithDeadline: NOT reported (bounded).
package probes

import (
	"context"
	"fmt"

	"github.com/ctxlint/ctxlint/runtime/health"
	"github.com/sirupsen/logrus"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
)

// Prober checks one gRPC backend at every tick.
type Prober struct {
	target string
	h      *health.Handle
	log    *logrus.Logger
	conn   *grpc.ClientConn
	hc     healthpb.HealthClient
	fwd    ForwarderClient
}

// NewProber registers a liveness component per target.
func NewProber(target string, log *logrus.Logger) *Prober {
	return &Prober{
		target: target,
		h:      health.RegisterLiveness(fmt.Sprintf("grpc-probe-%s", target)),
		log:    log,
	}
}

// Run probes until stop closes.
func (p *Prober) Run(stop <-chan struct{}) {
	for {
		select {
		case deadline := <-p.h.C:
			if p.conn == nil {
				conn, err := grpc.Dial(p.target, grpc.WithTransportCredentials(insecure.NewCredentials())) // not reported: does not block
				if err != nil {
					p.log.WithError(err).Error("dialing")
					continue
				}
				p.conn, p.hc, p.fwd = conn, healthpb.NewHealthClient(conn), NewForwarderClient(conn)
			}

			legacy, err := p.hc.Check(context.Background(), &healthpb.HealthCheckRequest{}) // REPORTED: Background
			if err != nil {
				p.log.WithError(err).Warn("legacy check")
			} else {
				p.log.Debugf("legacy status %v", legacy.GetStatus())
			}
			if _, err := p.fwd.Send(context.Background(), &healthpb.HealthCheckRequest{Service: "agent"}); err != nil { // REPORTED: Background
				p.log.WithError(err).Warn("legacy forward")
			}

			ctx, cancel := health.WithDeadline(context.Background(), deadline)
			resp, err := p.hc.Check(ctx, &healthpb.HealthCheckRequest{}) // not reported: bounded
			if err == nil {
				_, err = p.fwd.Send(ctx, &healthpb.HealthCheckRequest{Service: resp.GetStatus().String()}) // not reported: bounded
			}
			cancel()
			if err != nil {
				p.log.WithError(err).Warn("check")
			}
		case <-stop:
			return
		}
	}
}
