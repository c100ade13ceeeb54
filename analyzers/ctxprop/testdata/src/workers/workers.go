// Package workers shows goroutines that run a declared function and hand
// their result back on a channel: the function that receives it waits
// for the goroutine, so the goroutine's calls are on its path.
package workers

import (
	"net/http"

	"github.com/ctxlint/ctxlint/runtime/health"
)

type repo struct{ name string }

type collector struct {
	names []string
}

// fetch asks a remote registry for one repository.
func (c *collector) fetch(name string) *repo { // want fetch:"reaches net/http.Get unbounded via collector.fetch"
	resp, err := http.Get("http://registry/" + name)
	if err != nil {
		return nil
	}
	resp.Body.Close()
	return &repo{name: name}
}

// fetchInto sends what fetch found on out: its caller receives it.
func (c *collector) fetchInto(name string, out chan<- *repo) { // want fetchInto:"reaches net/http.Get unbounded via collector.fetchInto→collector.fetch"
	out <- c.fetch(name)
}

// fetchAll starts one goroutine per name and waits for each result.
func (c *collector) fetchAll() int { // want fetchAll:"reaches net/http.Get unbounded via collector.fetchAll→collector.fetchInto→collector.fetch"
	ch := make(chan *repo, len(c.names))
	for _, name := range c.names {
		go c.fetchInto(name, ch)
	}
	n := 0
	for range c.names {
		if r := <-ch; r != nil {
			n++
		}
	}
	return n
}

// fetchDetached starts the same goroutines and never reads their channel.
func (c *collector) fetchDetached() {
	ch := make(chan *repo, len(c.names))
	for _, name := range c.names {
		go c.fetchInto(name, ch)
	}
}

// drain only reads from its channel: a goroutine running it sends
// nothing its starter could wait for.
func drain(in <-chan *repo) {
	for range in {
	}
}

// fetchDrained starts drain on a channel it then receives from: it waits
// for its own sends, not for drain.
func (c *collector) fetchDrained(results chan *repo) {
	go drain(results)
	<-results
}

func loop(c *collector) {
	h := health.RegisterLiveness("registry")
	for range h.C {
		c.fetchAll() // want `"registry" \(liveness\): net/http.Get without the health deadline \(it takes no context\): loop \(workers.go:\d+\) → collector.fetchAll \(workers.go:\d+\) → collector.fetchInto \(workers.go:\d+\) → collector.fetch`
		c.fetchDetached()
		c.fetchDrained(make(chan *repo))
	}
}
