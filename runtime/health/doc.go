// Package health is the reference health runtime that code migrated by
// ctxlint targets: liveness, readiness and startup components whose ticks
// carry the deadline by which the component must receive again.
//
// # Model
//
// A component registers and gets a [Handle]. One ticker per [Catalog] checks
// every component once per period P and keeps exactly one tick waiting in each
// handle's channel C. The value of a tick is a deadline: the component must
// receive its next tick before that time. A loop turns it into a context with
// [WithDeadline] so that every call it makes gives up in time:
//
//	for {
//		select {
//		case deadline := <-h.C:
//			ctx, cancel := health.WithDeadline(parent, deadline)
//			err := poll(ctx)
//			cancel()
//			...
//		case <-parent.Done():
//			return
//		}
//	}
//
// A tick sent at check time t carries the deadline t + L, where L is the miss
// threshold times the period (default 2 × 15 s). The tick waiting in C is
// refreshed at every check, so a tick received at time r carries a deadline
// between r + L − P and r + L, and the next tick is available no later than
// r + P.
//
// # Detection bound
//
// Reads are observed at checks. A component is flagged unhealthy at the first
// check at or after the deadline carried by the last tick it received, unless
// it has received a newer tick by then. So it is flagged no earlier than its
// deadline and no later than its deadline plus one period (plus the scheduling
// latency of the check), and a component that always receives before its
// deadline is never flagged. With the defaults a stuck loop is flagged between
// 30 s and 45 s after its last receive.
//
// A new component is "starting": it has a grace period (default L) to
// receive its first tick. It passes liveness, fails startup, and fails
// readiness only while the catalog has never been ready, so that readiness
// waits at boot for every first receive but a component registered later
// does not take a ready pod out of service. A startup component has started
// once its first receive is observed, and is not ticked after that: receive
// from its C when startup is done.
//
// # Probes
//
// [Catalog.Handler] serves /live, /ready and /startup. Each answers from a
// snapshot published by the last check, so probes take no lock and do no work
// proportional to what is stuck. Liveness components count for readiness. An
// empty set is healthy.
//
// # Goroutine dump
//
// When a component turns unhealthy, the catalog logs a warning naming the
// overdue components and, at debug level, the stacks of all goroutines, once
// per transition, capped in size and rate-limited. While the log sink is
// behind, only each component's latest transition is kept, and a warning
// counts the dropped ones. Stacks are never served over HTTP.
package health
