// Package agent gathers every input on its interval, each in a goroutine
// it waits for, warning when one is slow.
package agent

import (
	"context"
	"log"
	"time"

	"example.com/x/plugins"
)

// Agent runs the inputs.
type Agent struct{ inputs []plugins.Input }

// Run starts one loop per input and waits for ctx to end.
func (a *Agent) Run(ctx context.Context, acc plugins.Accumulator, every time.Duration) {
	for _, in := range a.inputs {
		go a.gatherLoop(ctx, acc, in, every)
	}
	<-ctx.Done()
}

//ctxlint:monitored
func (a *Agent) gatherLoop(ctx context.Context, acc plugins.Accumulator, in plugins.Input, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
			if err := a.gatherOnce(ctx, acc, in, every); err != nil {
				log.Printf("gather: %v", err)
			}
			cancel()
		case <-ctx.Done():
			return
		}
	}
}

// gatherOnce runs the input's Gather and waits for it, warning each
// interval it is still running.
func (a *Agent) gatherOnce(ctx context.Context, acc plugins.Accumulator, in plugins.Input, every time.Duration) error {
	done := make(chan error)
	go func() {
		done <- in.Gather(ctx, acc)
	}()
	slow := time.NewTicker(every)
	defer slow.Stop()
	for {
		select {
		case err := <-done:
			return err
		case <-slow.C:
			log.Printf("gather: not complete after %s", every)
		}
	}
}
