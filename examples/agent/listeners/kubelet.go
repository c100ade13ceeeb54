// Package listeners discovers the workloads the agent monitors.
package listeners

import (
	"log/slog"

	"github.com/ctxlint/ctxlint/examples/agent/kubelet"
	"github.com/ctxlint/ctxlint/runtime/health"
)

// Service is a workload the agent found.
type Service struct {
	ID, Name, Namespace string
}

// KubeletListener polls the kubelet for pods and reports them as services.
type KubeletListener struct {
	watcher *kubelet.PodWatcher
	health  *health.Handle
	newSvc  chan<- Service
	delSvc  chan<- string
	stop    chan struct{}
	done    chan struct{}
	log     *slog.Logger
}

// NewKubeletListener registers the listener for readiness: the agent is not
// ready while it cannot see the node's pods.
func NewKubeletListener(catalog *health.Catalog, client *kubelet.Client, newSvc chan<- Service, delSvc chan<- string, log *slog.Logger) *KubeletListener {
	return &KubeletListener{
		watcher: kubelet.NewPodWatcher(client),
		health:  catalog.RegisterReadiness("ad-kubeletlistener"),
		newSvc:  newSvc,
		delSvc:  delSvc,
		stop:    make(chan struct{}),
		done:    make(chan struct{}),
		log:     log,
	}
}

// Listen starts the listener's loop.
func (l *KubeletListener) Listen() { go l.run() }

// Stop ends the loop and deregisters the listener.
func (l *KubeletListener) Stop() {
	close(l.stop)
	<-l.done
	l.health.Deregister()
}

func (l *KubeletListener) run() {
	defer close(l.done)
	for {
		select {
		case <-l.health.C:
			l.pullChanges()
		case <-l.stop:
			return
		}
	}
}

func (l *KubeletListener) pullChanges() {
	changed, gone, err := l.watcher.PullChanges()
	if err != nil {
		l.log.Warn("kubelet listener: pulling pods", "err", err)
		return
	}
	for _, p := range changed {
		l.report(Service{ID: p.Metadata.UID, Name: p.Metadata.Name, Namespace: p.Metadata.Namespace})
	}
	for _, uid := range gone {
		select {
		case l.delSvc <- uid:
		case <-l.stop:
		}
	}
}

func (l *KubeletListener) report(s Service) {
	select {
	case l.newSvc <- s:
	case <-l.stop:
	}
}
