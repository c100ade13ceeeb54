// Package stats scrapes several endpoints, each scrape a method value in
// a slice of a local func type, run in goroutines through a wrapper
// literal or one after the other.
package stats

import (
	"net/http"
	"sync"

	"github.com/ctxlint/ctxlint/runtime/health"
)

type totals struct{ n int }

// Scraper scrapes one server.
type Scraper struct{ url string }

func (s *Scraper) scrapeNodes(t *totals)  { s.get("/nodes", t) }
func (s *Scraper) scrapeQueues(t *totals) { s.get("/queues", t) }

func (s *Scraper) get(path string, t *totals) {
	resp, err := http.Get(s.url + path)
	if err != nil {
		return
	}
	t.n++
	resp.Body.Close()
}

func (s *Scraper) scrape(concurrently bool) *totals {
	type task func(*totals)

	tasks := []task{
		s.scrapeNodes,
		s.scrapeQueues,
	}
	var wg sync.WaitGroup
	wrap := func(call task) task {
		return func(t *totals) {
			call(t)
			wg.Done()
		}
	}
	var t totals
	for _, task := range tasks {
		if concurrently {
			wg.Add(1)
			task = wrap(task)
			go task(&t)
		} else {
			task(&t)
		}
	}
	wg.Wait()
	return &t
}

// Run scrapes on every tick.
func Run(s *Scraper) {
	h := health.RegisterLiveness("stats")
	for range h.C {
		_ = s.scrape(false)
	}
}
