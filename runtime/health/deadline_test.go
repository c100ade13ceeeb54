package health

import (
	"context"
	"errors"
	"testing"
	"testing/synctest"
	"time"
)

func TestWithDeadline(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		type key struct{}
		parent := context.WithValue(context.Background(), key{}, "v")
		deadline := time.Now().Add(30 * time.Second)
		ctx, cancel := WithDeadline(parent, deadline)
		defer cancel()

		got, ok := ctx.Deadline()
		if want := deadline.Add(-MaxMargin); !ok || !got.Equal(want) {
			t.Errorf("ctx deadline %v, want %v (capped margin)", got, want)
		}
		if ctx.Value(key{}) != "v" {
			t.Error("parent values lost")
		}
		<-ctx.Done()
		if !time.Now().Equal(deadline.Add(-MaxMargin)) {
			t.Errorf("ended at %v", time.Now())
		}
		if !errors.Is(ctx.Err(), context.DeadlineExceeded) {
			t.Errorf("Err = %v", ctx.Err())
		}
		var de *DeadlineError
		if cause := context.Cause(ctx); !errors.As(cause, &de) || !de.Deadline.Equal(deadline) {
			t.Errorf("Cause = %v, want a *DeadlineError for %v", cause, deadline)
		}
		if !errors.Is(context.Cause(ctx), context.DeadlineExceeded) {
			t.Error("the cause does not match context.DeadlineExceeded")
		}

		// Short deadlines keep a tenth as margin.
		ctx2, cancel2 := WithDeadline(parent, time.Now().Add(500*time.Millisecond))
		defer cancel2()
		if d, _ := ctx2.Deadline(); d.Sub(time.Now()) != 450*time.Millisecond {
			t.Errorf("short deadline ends in %v, want 450ms", d.Sub(time.Now()))
		}
	})
}

func TestWithDeadlineKeepsParentCancel(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		parent, cancelParent := context.WithCancelCause(context.Background())
		ctx, cancel := WithDeadline(parent, time.Now().Add(time.Hour))
		defer cancel()
		stopped := errors.New("agent stopping")
		cancelParent(stopped)
		<-ctx.Done()
		if !errors.Is(context.Cause(ctx), stopped) {
			t.Errorf("Cause = %v, want the parent's", context.Cause(ctx))
		}
		// A deadline already past gives an ended context, not a panic.
		late, cancelLate := WithDeadline(context.Background(), time.Now().Add(-time.Second))
		defer cancelLate()
		if late.Err() == nil {
			t.Error("context for a past deadline is not done")
		}
	})
}
