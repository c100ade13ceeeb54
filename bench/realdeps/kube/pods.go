// Package kube watches the node's pods with k8s.io/client-go.
//
// Shapes: the health handle is a parameter (the caller registers it, for
// readiness, and shadows the health package while doing so: see
// cmd/agent); a client that takes a context but gets context.Background()
// with a timeout of its own; golang.org/x/net/context, an alias of context;
// seelog as the logger.
//
// Expected reports in this file (component "kube-pods", readiness):
//   - WatchPods → listPodsLegacy → PodInterface.List(ctx) with ctx =
//     context.WithTimeout(context.Background(), 30s): REPORTED. The timeout
//     exists but is not the loop's and is longer than the health deadline.
//   - WatchPods → NodeInterface.Get(xcontext.Background(), ...): REPORTED
//     (context.Background() spelled through golang.org/x/net/context).
//   - WatchPods → PodInterface.List(ctx) with ctx = health.WithDeadline(...,
//     deadline): NOT reported (bounded).
//   - seelog calls: NOT reported.
package kube

import (
	"context"
	"time"

	"github.com/cihub/seelog"
	"github.com/ctxlint/ctxlint/runtime/health"
	xcontext "golang.org/x/net/context"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
)

// WatchPods sends the node's pods to out at every tick of h.
func WatchPods(h *health.Handle, cs kubernetes.Interface, node string, out chan<- []corev1.Pod) {
	opts := metav1.ListOptions{FieldSelector: "spec.nodeName=" + node}
	for deadline := range h.C {
		if legacy, err := listPodsLegacy(cs, opts); err == nil { // REPORTED: its own 30 s timeout
			seelog.Debugf("legacy list: %d pods", len(legacy.Items))
		}

		n, err := cs.CoreV1().Nodes().Get(xcontext.Background(), node, metav1.GetOptions{}) // REPORTED: Background
		if err != nil {
			seelog.Warnf("getting node %s: %v", node, err)
			continue
		}
		seelog.Tracef("node %s has %d labels", n.Name, len(n.Labels))

		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		pods, err := cs.CoreV1().Pods(metav1.NamespaceAll).List(ctx, opts) // not reported: bounded
		cancel()
		if err != nil {
			seelog.Warnf("listing pods: %v", err)
			continue
		}
		out <- pods.Items
	}
}

// listPodsLegacy is the pre-migration helper: a client that takes a context,
// given context.Background() with a timeout of its own.
func listPodsLegacy(cs kubernetes.Interface, opts metav1.ListOptions) (*corev1.PodList, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	return cs.CoreV1().Pods(metav1.NamespaceAll).List(ctx, opts)
}
