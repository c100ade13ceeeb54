package sinks

import (
	"context"

	"example.org/kube"
	"github.com/ctxlint/ctxlint/runtime/health"
)

var pods kube.PodsGetter

// A function of another module that takes a context is presumed to block:
// reported with context.Background(), clean with a bounded context. One
// that takes no context, like (*kube.Client).Version, is not presumed
// blocking.
func otherModule() {
	h := health.RegisterReadiness("kube-watcher")
	kc := kube.NewClient()
	for {
		select {
		case deadline := <-h.C:
			kc.ListPods(context.Background(), "default") // want `"kube-watcher" \(readiness\): \(\*example\.org/kube\.Client\)\.ListPods without the health deadline \(context\.Background\(\)\): otherModule \(modules\.go:\d+\)`
			kc.Version()

			ctx, cancel := health.WithDeadline(context.Background(), deadline)
			kc.ListPods(ctx, "default")
			cancel()
		}
	}
}

// An interface method of another module that takes a context (a generated
// gRPC client, say) is presumed to block too.
func otherModuleInterface() {
	h := health.RegisterReadiness("pod-getter")
	for {
		select {
		case deadline := <-h.C:
			pods.GetPod(context.TODO(), "kubelet") // want `"pod-getter" \(readiness\): \(example\.org/kube\.PodsGetter\)\.GetPod without the health deadline \(context\.TODO\(\)\)`

			ctx, cancel := health.WithDeadline(context.Background(), deadline)
			pods.GetPod(ctx, "kubelet")
			cancel()
		}
	}
}
