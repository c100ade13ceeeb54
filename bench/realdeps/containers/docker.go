// Package containers lists the local containers with the Docker client
// (github.com/docker/docker/client).
//
// Shapes: the select that receives the tick sits in a helper called by the
// loop ("for w.poll() {}"); a client that takes a context but gets
// context.Background() with a timeout of its own; logrus as the logger.
//
// Expected reports in this file (component "docker-containers", liveness):
//   - Watcher.Run → Watcher.poll → (*client.Client).ContainerList(ctx) with ctx
//     = context.WithTimeout(context.Background(), 10s): REPORTED (a timeout of
//     its own, not the loop's). The root is poll's body: it has the receive
//     and no loop of its own.
//   - Watcher.poll → (*client.Client).ContainerInspect(ctx) with ctx from
//     health.WithDeadline: NOT reported (bounded).
//   - Watcher.poll → a goroutine per container, joined by wg.Wait before the
//     iteration goes on → (*client.Client).ContainerStats(context.Background()):
//     REPORTED. The iteration waits for the goroutines, so their calls count.
package containers

import (
	"context"
	"sync"
	"time"

	"github.com/ctxlint/ctxlint/runtime/health"
	"github.com/docker/docker/api/types/container"
	"github.com/docker/docker/client"
	log "github.com/sirupsen/logrus"
)

// Watcher polls the Docker daemon for running containers.
type Watcher struct {
	cli  *client.Client
	h    *health.Handle
	stop chan struct{}
	seen map[string]string
}

// NewWatcher registers the watcher for liveness.
func NewWatcher() (*Watcher, error) {
	cli, err := client.NewClientWithOpts(client.FromEnv, client.WithAPIVersionNegotiation())
	if err != nil {
		return nil, err
	}
	return &Watcher{
		cli:  cli,
		h:    health.RegisterLiveness("docker-containers"),
		stop: make(chan struct{}),
		seen: map[string]string{},
	}, nil
}

// Run polls until Stop.
func (w *Watcher) Run() {
	for w.poll() {
	}
}

// Stop ends Run.
func (w *Watcher) Stop() { close(w.stop) }

// poll waits for the next tick and lists the containers; false means stop.
func (w *Watcher) poll() bool {
	var deadline time.Time
	select {
	case deadline = <-w.h.C:
	case <-w.stop:
		return false
	}

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	list, err := w.cli.ContainerList(ctx, container.ListOptions{}) // REPORTED: its own 10 s timeout
	if err != nil {
		log.WithError(err).Warn("listing containers")
		return true
	}

	bctx, bcancel := health.WithDeadline(context.Background(), deadline)
	defer bcancel()
	for _, c := range list {
		if _, ok := w.seen[c.ID]; ok {
			continue
		}
		info, err := w.cli.ContainerInspect(bctx, c.ID) // not reported: bounded
		if err != nil {
			log.WithField("id", c.ID).WithError(err).Warn("inspecting container")
			continue
		}
		w.seen[c.ID] = info.Name
		log.WithFields(log.Fields{"id": c.ID, "name": info.Name}).Info("new container")
	}

	var wg sync.WaitGroup
	for _, c := range list {
		wg.Add(1)
		go func(id string) {
			defer wg.Done()
			stats, err := w.cli.ContainerStats(context.Background(), id, false) // REPORTED: joined by wg.Wait
			if err != nil {
				log.WithField("id", id).WithError(err).Debug("container stats")
				return
			}
			stats.Body.Close()
		}(c.ID)
	}
	wg.Wait()
	return true
}
