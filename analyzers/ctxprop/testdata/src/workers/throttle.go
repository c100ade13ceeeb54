package workers

import (
	"net/http"
	"sync"

	"github.com/ctxlint/ctxlint/runtime/health"
)

// A throttled caller starts each job in a goroutine it registers with its
// WaitGroup, and a second method waits for them all. A caller that runs
// jobs through it and then calls wait runs them during its call; one that
// never calls wait starts them and goes on.
type throttled struct {
	limit chan struct{}
	wg    sync.WaitGroup
}

func (t *throttled) call(job func()) { // want call:"runs later parameter 0"
	t.wg.Add(1)
	go func() {
		defer t.wg.Done()
		t.limit <- struct{}{}
		defer func() { <-t.limit }()
		job()
	}()
}

func (t *throttled) wait() { t.wg.Wait() }

func scrapeAll(urls []string) { // want scrapeAll:"reaches net/http.Get unbounded via scrapeAll"
	tc := &throttled{limit: make(chan struct{}, 4)}
	for _, u := range urls {
		job := func() { http.Get(u) }
		tc.call(job)
	}
	tc.wait()
}

func scrapeDetached(urls []string) {
	tc := &throttled{limit: make(chan struct{}, 4)}
	for _, u := range urls {
		tc.call(func() { http.Get(u) })
	}
}

func scrapeLoop(urls []string) {
	h := health.RegisterLiveness("scraper")
	for range h.C {
		scrapeAll(urls) // want `"scraper" \(liveness\): net/http.Get without the health deadline \(it takes no context\): scrapeLoop \(throttle.go:\d+\) → scrapeAll \(throttle.go:\d+\)`
		scrapeDetached(urls)
	}
}
