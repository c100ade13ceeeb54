// Package stats scrapes several endpoints, each scrape a method value in
// a slice of a local func type, run in goroutines through a wrapper
// literal or one after the other.
package stats

import (
	"context"
	"net/http"
	"sync"

	"github.com/ctxlint/ctxlint/runtime/health"
)

type totals struct{ n int }

// Scraper scrapes one server.
type Scraper struct{ url string }

func (s *Scraper) scrapeNodes(ctx context.Context, t *totals)  { s.get(ctx, "/nodes", t) }
func (s *Scraper) scrapeQueues(ctx context.Context, t *totals) { s.get(ctx, "/queues", t) }

func (s *Scraper) get(ctx context.Context, path string, t *totals) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.url+path, nil)
	if err != nil {
		return
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return
	}
	t.n++
	resp.Body.Close()
}

func (s *Scraper) scrape(ctx context.Context, concurrently bool) *totals {
	type task func(context.Context, *totals)

	tasks := []task{
		s.scrapeNodes,
		s.scrapeQueues,
	}
	var wg sync.WaitGroup
	wrap := func(call task) task {
		return func(ctx context.Context, t *totals) {
			call(ctx, t)
			wg.Done()
		}
	}
	var t totals
	for _, task := range tasks {
		if concurrently {
			wg.Add(1)
			task = wrap(task)
			go task(ctx, &t)
		} else {
			task(ctx, &t)
		}
	}
	wg.Wait()
	return &t
}

// Run scrapes on every tick.
func Run(s *Scraper) {
	h := health.RegisterLiveness("stats")
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		_ = s.scrape(ctx, false)
		cancel()
	}
}
