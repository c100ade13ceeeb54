// Package collector registers a handle per worker and passes it on.
package collector

import (
	"fmt"

	"github.com/ctxlint/ctxlint/cmd/ctxlint/testdata/names/watcher"
	"github.com/ctxlint/ctxlint/cmd/ctxlint/testdata/names/worker"
	"github.com/ctxlint/ctxlint/runtime/health"
)

func Start(n int) {
	for i := range n {
		h := health.RegisterLiveness(fmt.Sprintf("collector-worker-%d", i))
		go worker.Run(h)
	}
}

func Watch() {
	w := watcher.New(health.RegisterLiveness("config-watcher"))
	go w.Run()
}
