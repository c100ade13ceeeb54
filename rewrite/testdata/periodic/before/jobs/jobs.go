// Package jobs runs collection jobs on a clock, with no health runtime:
// each job's loop is marked //ctxlint:monitored, and -fix.timeout bounds
// each iteration.
package jobs

import "net/http"

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
			if t%j.every == 0 {
				j.runOnce()
			}
		}
	}
	j.stop <- struct{}{}
}

func (j *Job) runOnce() {
	if err := j.collect(); err != nil {
		println(err.Error())
	}
}

func (j *Job) collect() error {
	resp, err := http.Get(j.url)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
