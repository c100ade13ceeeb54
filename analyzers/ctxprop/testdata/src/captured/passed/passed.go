// want package:"dispatch value lookup, value controls.func2, value controls.func3, value resolver.resolve, value fetchBound.func1, value fetchRetried.func1, value boundParam.func1, value twoContexts.func1, method resolver.resolve"

// Package passed: closures passed to a helper that calls them, and that
// capture a context derived from the tick in a monitored loop's iteration.
// The whole program's call graph makes such a literal a callee of the
// helper's call, analysed on its own: the captured context must stay
// bounded there.
package passed

import (
	"context"
	"net"

	"captured/retrylib"

	"github.com/ctxlint/ctxlint/runtime/health"
)

func lookup(ctx context.Context) error { // want lookup:"reaches \\(\\*net.Resolver\\).LookupAddr under param 0 via lookup"
	_, err := net.DefaultResolver.LookupAddr(ctx, "127.0.0.1")
	return err
}

// retry calls fn until it succeeds, three times at most.
func retry(fn func() error) error {
	var err error
	for range 3 {
		if err = fn(); err == nil {
			return nil
		}
	}
	return err
}

// The context is bounded by the range's deadline.
func ranged() {
	h := health.RegisterLiveness("ranged")
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		_ = retry(func() error { return lookup(ctx) })
		cancel()
	}
}

// The context is bounded by the received deadline.
func received(stop <-chan struct{}) {
	h := health.RegisterLiveness("received")
	for {
		select {
		case d := <-h.C:
			ctx, cancel := context.WithDeadline(context.Background(), d)
			_ = retry(func() error { return lookup(ctx) })
			cancel()
		case <-stop:
			return
		}
	}
}

// retryCtx calls fn with ctx until it succeeds, three times at most.
func retryCtx(ctx context.Context, fn func(context.Context) error) error {
	var err error
	for range 3 {
		if err = fn(ctx); err == nil {
			return nil
		}
	}
	return err
}

// The literal called in place, and the context passed as an argument.
func controls() {
	h := health.RegisterLiveness("controls")
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		_ = func() error { return lookup(ctx) }()
		_ = func(ctx context.Context) error { return lookup(ctx) }(ctx)
		_ = retryCtx(ctx, func(ctx context.Context) error { return lookup(ctx) })
		cancel()
	}
}

type resolver struct{}

func (r *resolver) resolve(ctx context.Context) error { return lookup(ctx) } // want resolve:"reaches \\(\\*net.Resolver\\).LookupAddr under param 0 via resolver.resolve→lookup"

// A method value and a function passed to a helper that calls them with
// the context it is given: they run under the loop's context.
func values() {
	h := health.RegisterLiveness("values")
	r := &resolver{}
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		_ = retryCtx(ctx, r.resolve)
		_ = retryCtx(ctx, lookup)
		cancel()
	}
}

// Given no context, the helper's calls run under one of unknown origin.
func unbounded(fn func(context.Context) error) error { return fn(context.TODO()) }

func noContext() {
	h := health.RegisterLiveness("nocontext")
	for range h.C {
		_ = unbounded(lookup) // want `"nocontext" \(liveness\): \(\*net.Resolver\).LookupAddr without the health deadline \(argument 0 of unknown origin\)`
	}
}

// A function given the loop's context binds a literal that captures it to
// a local, and passes the local to a helper: the literal runs with the
// function's variables, under the context its caller gives, as one passed
// in place does. The helper's call of its parameter is not taken to run it
// by its signature: its callers run what they pass.
func fetchBound(ctx context.Context) error { // want fetchBound:"reaches \\(\\*net.Resolver\\).LookupAddr under param 0 via fetchBound→fetchBound→lookup"
	job := func() error { return lookup(ctx) }
	return retry(job)
}

// The same, handed to another package's retry helper.
func fetchRetried(ctx context.Context) error { // want fetchRetried:"reaches \\(\\*net.Resolver\\).LookupAddr under param 0 via fetchRetried→fetchRetried→lookup"
	op := func() error { return lookup(ctx) }
	return retrylib.Do(op)
}

func bound() {
	h := health.RegisterLiveness("bound")
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		_ = fetchBound(ctx)
		_ = fetchRetried(ctx)
		cancel()
	}
}

func boundBackground() {
	h := health.RegisterLiveness("bound-background")
	for range h.C {
		_ = fetchBound(context.Background()) // want `"bound-background" \(liveness\): \(\*net.Resolver\).LookupAddr without the health deadline \(context.Background\(\)\): boundBackground \(passed\.go:\d+\) → fetchBound \(passed\.go:\d+\) → fetchBound \(passed\.go:\d+\) → lookup \(passed\.go:\d+\)`
	}
}

// A literal kept in a local and passed with the context to a helper that
// gives it that context runs under it, as one passed in place does.
func boundParam() {
	h := health.RegisterLiveness("bound-param")
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		job := func(ctx context.Context) error { return lookup(ctx) }
		_ = retryCtx(ctx, job)
		cancel()
	}
}

// second gives its function the second of the two contexts it gets.
func second(a, b context.Context, fn func(context.Context) error) error { return fn(b) }

// Given two contexts, which one a kept literal's context parameter gets
// is not known: it is not taken to be the first.
func twoContexts() {
	h := health.RegisterLiveness("two-contexts")
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		job := func(ctx context.Context) error { return lookup(ctx) }
		_ = second(ctx, context.Background(), job) // want `"two-contexts" \(liveness\): \(\*net.Resolver\).LookupAddr without the health deadline \(context parameter ctx of a function literal, set by its caller\)`
		cancel()
	}
}
