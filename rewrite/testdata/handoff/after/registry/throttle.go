package registry

import (
	"context"
	"sync"
)

// throttled starts each job in a goroutine its WaitGroup counts, and wait
// waits for them: scrapeAll's jobs run within its call, and -fix passes
// the context they capture.
type throttled struct {
	limit chan struct{}
	wg    sync.WaitGroup
}

func (t *throttled) call(job func()) {
	t.wg.Add(1)
	go func() {
		defer t.wg.Done()
		t.limit <- struct{}{}
		defer func() { <-t.limit }()
		job()
	}()
}

func (t *throttled) wait() { t.wg.Wait() }

func (c *collector) scrapeAll(ctx context.Context) {
	tc := &throttled{limit: make(chan struct{}, 4)}
	for _, name := range c.names {
		job := func() { c.fetch(ctx, name) }
		tc.call(job)
	}
	tc.wait()
}
