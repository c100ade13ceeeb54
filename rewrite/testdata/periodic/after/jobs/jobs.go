// Package jobs runs collection jobs on a clock, with no health runtime:
// each job's loop is marked //ctxlint:monitored, and -fix.timeout bounds
// each iteration.
package jobs

import (
	"context"
	"net/http"
	"time"
)

// Job collects from one endpoint every few ticks.
type Job struct {
	url   string
	tick  chan int
	stop  chan struct{}
	every int
}

// Start runs the job until it is stopped.
//
//ctxlint:monitored
func (j *Job) Start() {
LOOP:
	for {
		select {
		case <-j.stop:
			break LOOP
		case t := <-j.tick:
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			if t%j.every == 0 {
				j.runOnce(ctx)
			}
			cancel()
		}
	}
	j.stop <- struct{}{}
}

func (j *Job) runOnce(ctx context.Context) {
	if err := j.collect(ctx); err != nil {
		println(err.Error())
	}
}

func (j *Job) collect(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, j.url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
