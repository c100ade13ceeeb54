package workers

import (
	"net/http"
	"sync"

	"github.com/ctxlint/ctxlint/runtime/health"
)

// A collector that ranges over a results channel kept in a field waits
// for the workers that send on it, until they are done.
type fanIn struct {
	urls    []string
	results chan int
}

func (f *fanIn) fetchOne(u string) { // want fetchOne:"reaches net/http.Get unbounded via fanIn.fetchOne"
	resp, err := http.Get(u)
	if err == nil {
		resp.Body.Close()
	}
	f.results <- 1
}

func (f *fanIn) start() {
	for _, u := range f.urls {
		go f.fetchOne(u)
	}
}

func (f *fanIn) collect() (n int) { // want collect:"reaches net/http.Get unbounded via fanIn.collect→fanIn.fetchOne"
	for r := range f.results {
		n += r
	}
	return n
}

// A group that embeds its WaitGroup: run's jobs are waited for by wait.
type group struct {
	sync.WaitGroup
}

func (g *group) run(job func()) { // want run:"runs later parameter 0"
	g.Add(1)
	go func() {
		defer g.Done()
		job()
	}()
}

func (g *group) wait() { g.Wait() }

func scrapeGroup(urls []string) { // want scrapeGroup:"reaches net/http.Get unbounded via scrapeGroup"
	g := &group{}
	for _, u := range urls {
		g.run(func() { http.Get(u) })
	}
	g.wait()
}

func rangesLoop(f *fanIn, urls []string) {
	h := health.RegisterLiveness("ranges")
	for range h.C {
		f.start()
		f.collect()       // want `"ranges" \(liveness\): net/http.Get without the health deadline \(it takes no context\): rangesLoop \(ranges.go:\d+\) → ~fanIn.collect \(ranges.go:\d+\) → fanIn.fetchOne`
		scrapeGroup(urls) // want `"ranges" \(liveness\): net/http.Get without the health deadline \(it takes no context\): rangesLoop \(ranges.go:\d+\) → scrapeGroup`
	}
}
