// want package:"dispatch value get, value refresh"

// Package spawn shows function literals passed to helpers: reported when
// the helper runs them during the call, not when it starts them in a
// goroutine it does not join.
package spawn

import (
	"net/http"
	"time"

	"github.com/ctxlint/ctxlint/runtime/health"
	"spawn/pool"
)

func get() { http.Get("http://kubelet/pods") } // want get:"reaches net/http.Get unbounded via get"

func refresh() { http.Get("http://kubelet/spec") } // want refresh:"reaches net/http.Get unbounded via refresh"

// detach is a local helper that starts its function and returns.
func detach(f func()) { // want detach:"runs later parameter 0"
	go f()
}

func loops() {
	h := health.RegisterLiveness("spawner")
	for range h.C {
		pool.Run(func() { http.Get("http://a") })   // want `"spawner" \(liveness\): net/http.Get`
		pool.Group(func() { http.Get("http://b") }) // want `"spawner" \(liveness\): net/http.Get`
		pool.Both(get)                              // want `"spawner" \(liveness\): net/http.Get`
		pool.Start(func() { http.Get("http://c") })
		pool.Start(refresh)
		pool.StartWrapped("refresh", func() error { _, err := http.Get("http://d"); return err })
		detach(func() { http.Get("http://e") })
	}
}

func evaluated() {
	h := health.RegisterLiveness("evaluated")
	for range h.C {
		pool.Eval(func() int { http.Get("http://f"); return 0 }) // want `"evaluated" \(liveness\): net/http.Get`
	}
}

// A goroutine whose result the iteration waits for on a channel runs
// during the iteration: it is on the loop's path (an agent that runs each
// plugin in a goroutine and waits for it, warning when it is slow).
func waitedOnChannel() {
	h := health.RegisterLiveness("waited")
	for range h.C {
		_ = gatherOnce(refreshErr) // want `"waited" \(liveness\): net/http.Get without the health deadline \(it takes no context\): waitedOnChannel \(spawn.go:\d+\) → ~gatherOnce \(spawn.go:\d+\) → refreshErr`
	}
}

func gatherOnce(gather func() error) error {
	done := make(chan error)
	go func() {
		done <- gather()
	}()
	slow := time.NewTicker(time.Second)
	defer slow.Stop()
	for {
		select {
		case err := <-done:
			return err
		case <-slow.C:
			println("still collecting")
		}
	}
}

func refreshErr() error { _, err := http.Get("http://kubelet/spec"); return err } // want refreshErr:"reaches net/http.Get unbounded via refreshErr"

// A goroutine whose channel the iteration does not read is not waited
// for.
func notWaited() {
	h := health.RegisterLiveness("not-waited")
	for range h.C {
		results := make(chan error, 1)
		go func() { results <- refreshErr() }()
	}
}
