package main

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/ctxlint/ctxlint/examples/agent/hostmeta"
	"github.com/ctxlint/ctxlint/examples/agent/kubelet"
	"github.com/ctxlint/ctxlint/examples/agent/listeners"
	"github.com/ctxlint/ctxlint/examples/agent/providers"
	"github.com/ctxlint/ctxlint/runtime/health"
)

// config is what the flags set.
type config struct {
	kubeletURL       string
	tick             time.Duration
	listen           string
	confDir          string
	hostnameProvider string
}

// run starts the agent's components and serves its probes on ln until ctx
// ends, then stops everything and waits for it.
func run(ctx context.Context, cfg config, ln net.Listener, log *slog.Logger) error {
	catalog := health.NewCatalog(health.WithPeriod(cfg.tick), health.WithLogger(log))
	defer catalog.Close()

	kubelet.Configure(cfg.kubeletURL)
	client, err := kubelet.GetKubeUtil()
	if err != nil {
		return err
	}

	var wg sync.WaitGroup
	stop := make(chan struct{})

	newSvc, delSvc := make(chan listeners.Service), make(chan string)
	listener := listeners.NewKubeletListener(catalog, client, newSvc, delSvc, log)
	listener.Listen()
	wg.Go(func() {
		for {
			select {
			case s := <-newSvc:
				log.Info("service discovered", "id", s.ID, "name", s.Name)
			case id := <-delSvc:
				log.Info("service removed", "id", id)
			case <-stop:
				return
			}
		}
	})

	configs := make(chan []providers.Config, 1)
	pollers := []*providers.Poller{
		providers.StartPoller(catalog, providers.NewFileProvider(cfg.confDir), configs, log),
		providers.StartPoller(catalog, providers.NewKubeletProvider(client), configs, log),
	}

	// It polls its handle on its own timer, so it must come back well within
	// a period (see health's detection bound).
	collector := hostmeta.NewCollector(cfg.hostnameProvider, cfg.tick/2, log)
	h := catalog.RegisterLiveness("host-metadata")
	wg.Go(func() { collector.Run(h, stop) })

	srv := &http.Server{Handler: catalog.Handler(), ReadHeaderTimeout: 5 * time.Second}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	log.Info("agent started", "kubelet", cfg.kubeletURL, "probes", "http://"+ln.Addr().String())

	select {
	case <-ctx.Done():
	case err = <-served:
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	srv.Shutdown(shutdownCtx)
	close(stop)
	listener.Stop()
	for _, p := range pollers {
		p.Stop()
	}
	wg.Wait()
	h.Deregister()
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	return err
}
