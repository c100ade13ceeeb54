package discovery

// A module-local interface wrapping an external client: Store is implemented
// by etcdstore.Store over the etcd v2 client (go.etcd.io/etcd/client/v2),
// which this package does not import; cmd/agent wires them together.
//
// Shapes: a module-local interface whose only implementation is in a package
// the loop's package does not import; the handle passed as a parameter; a
// bounded context passed down through the interface.
//
// Expected reports in this file (component "config-watcher", liveness):
//   - ConfigWatcher.Run → ~Store.Get(context.Background(), ...): REPORTED in
//     both modes. Per package, Store.Get is a context-taking method of a
//     module-local interface with no implementation in sight: presumed
//     blocking. With -whole-program it resolves to etcdstore.Store.Get →
//     (client.KeysAPI).Get, an etcd call given context.Background().
//   - ConfigWatcher.Run → ~Store.Get(ctx, ...) with ctx from health.WithDeadline:
//     NOT reported in either mode (etcdstore.Store.Get passes ctx on).
//   - ConfigWatcher.Run → ~Store.List(ctx, ...) with ctx from
//     health.WithDeadline: NOT reported per package (bounded, and the
//     implementation is out of sight: a documented limit of a per-package
//     run). REPORTED with -whole-program: etcdstore.Store.List drops the
//     caller's context for context.WithTimeout(context.Background(), 5s).

import (
	"context"

	"github.com/ctxlint/ctxlint/runtime/health"
	"go.uber.org/zap"
)

// Store is the key-value store configurations come from.
type Store interface {
	Get(ctx context.Context, key string) (string, error)
	List(ctx context.Context, dir string) ([]string, error)
}

// ConfigWatcher reloads the agent's configuration from a Store.
type ConfigWatcher struct {
	store Store
	h     *health.Handle
	log   *zap.Logger
}

// NewConfigWatcher takes the handle its caller registered.
func NewConfigWatcher(store Store, h *health.Handle, log *zap.Logger) *ConfigWatcher {
	return &ConfigWatcher{store: store, h: h, log: log}
}

// Run reloads at every tick until ctx is done.
func (w *ConfigWatcher) Run(parent context.Context) {
	for {
		select {
		case deadline := <-w.h.C:
			raw, err := w.store.Get(context.Background(), "/agent/config") // REPORTED: Background
			if err != nil {
				w.log.Warn("reading the configuration", zap.Error(err))
				continue
			}
			ctx, cancel := health.WithDeadline(parent, deadline)
			level, err := w.store.Get(ctx, "/agent/log_level") // not reported: bounded
			if err != nil {
				w.log.Warn("reading the log level", zap.Error(err))
			}
			checks, err := w.store.List(ctx, "/agent/checks") // whole-program only: the implementation drops ctx
			cancel()
			if err != nil {
				w.log.Warn("listing checks", zap.Error(err))
				continue
			}
			w.log.Info("configuration", zap.Int("bytes", len(raw)), zap.String("level", level), zap.Strings("checks", checks))
		case <-parent.Done():
			return
		}
	}
}
