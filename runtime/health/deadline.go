package health

import (
	"context"
	"fmt"
	"time"
)

// MaxMargin caps how long before the health deadline [WithDeadline]'s
// context ends.
const MaxMargin = time.Second

// A DeadlineError is the cause ([context.Cause]) of a context made by
// [WithDeadline] that ended because the health deadline neared.
type DeadlineError struct {
	Deadline time.Time // the health deadline
	Margin   time.Duration
}

func (e *DeadlineError) Error() string {
	return fmt.Sprintf("health deadline %s expired (context ended %v early so the loop can receive in time)",
		e.Deadline.Format(time.RFC3339Nano), e.Margin)
}

// Is makes errors.Is(err, context.DeadlineExceeded) hold.
func (e *DeadlineError) Is(target error) bool { return target == context.DeadlineExceeded }

// WithDeadline returns a context derived from parent that ends a margin
// before the health deadline, so that the loop can finish the iteration and
// receive its next tick in time. The margin is a tenth of the time left, at
// most [MaxMargin]. The context keeps parent's values and cancellation; when
// the deadline ends it, [context.Cause] returns a [*DeadlineError]. Like
// the context package, it panics on a nil parent.
func WithDeadline(parent context.Context, deadline time.Time) (context.Context, context.CancelFunc) {
	margin := min(time.Until(deadline)/10, MaxMargin)
	return WithDeadlineMargin(parent, deadline, max(margin, 0))
}

// WithDeadlineMargin is [WithDeadline] with an explicit margin; a negative
// one counts as zero, so the context never outlives the health deadline.
//
// Contexts measure time with the system clock (as the context package
// does), not with a catalog's [WithClock].
func WithDeadlineMargin(parent context.Context, deadline time.Time, margin time.Duration) (context.Context, context.CancelFunc) {
	margin = max(margin, 0)
	return context.WithDeadlineCause(parent, deadline.Add(-margin), &DeadlineError{Deadline: deadline, Margin: margin})
}
