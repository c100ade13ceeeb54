// Package sh has the call and signature shapes the rewrite must keep
// compiling: nested calls, multi-value calls, unnamed and blank
// parameters, a variadic function, mutual recursion, a go statement and a
// deferred call on a path, a generic function and a method of a generic
// type, multi-value calls in an if's and a switch's init, and a method
// value passed to a generic function's func parameter.
package sh

import (
	"context"
	"net"
	"sync"

	"github.com/ctxlint/ctxlint/runtime/health"
)

func resolve(ctx context.Context, name string) string {
	addrs, _ := net.DefaultResolver.LookupHost(ctx, name)
	if len(addrs) == 0 {
		return name
	}
	return addrs[0]
}

// twice nests a call in a call of itself: F(F(x)).
func twice(ctx context.Context, name string) string { return resolve(ctx, resolve(ctx, name)) }

func pair(ctx context.Context, name string) (string, string) { return resolve(ctx, name), name }

// join takes a multi-value call: F(G()).
func join(ctx context.Context, a, b string) string { return resolve(ctx, a) + b }

// unnamed has unnamed parameters; blank has a blank one.
func unnamed(ctx context.Context, _ string, _ int) string { return resolve(ctx, "u") }

func blank(ctx context.Context, _ string, n int) string { return resolve(ctx, "b") }

// variadic takes a variadic list.
func variadic(ctx context.Context, names ...string) string {
	for _, n := range names {
		return resolve(ctx, n)
	}
	return ""
}

// ping and pong call each other.
func ping(ctx context.Context, n int) string {
	if n == 0 {
		return resolve(ctx, "p")
	}
	return pong(ctx, n-1)
}

func pong(ctx context.Context, n int) string { return ping(ctx, n) }

// first is generic.
func first[T any](ctx context.Context, xs []T, name string) string {
	if len(xs) == 0 {
		return resolve(ctx, name)
	}
	return name
}

// Box is a generic type with a method on the path.
type Box[T any] struct{ v T }

func (b *Box[T]) Name(ctx context.Context, name string) string { return resolve(ctx, name) }

// firstOf is the first of xs that ok accepts.
func firstOf[T any](ctx context.Context, xs []T, ok func(context.Context, T) bool) (T, bool) {
	for _, x := range xs {
		if ok(ctx, x) {
			return x, true
		}
	}
	var zero T
	return zero, false
}

type reverser struct{}

func (r *reverser) named(ctx context.Context, addr string) bool {
	names, _ := net.DefaultResolver.LookupAddr(ctx, addr)
	return len(names) > 0
}

func background(ctx context.Context, wg *sync.WaitGroup, name string) {
	defer wg.Done()
	resolve(ctx, name)
}

func cleanup(ctx context.Context, name string) { resolve(ctx, name) }

// Loop calls every shape on every tick.
func Loop() {
	h := health.RegisterLiveness("shapes")
	var wg sync.WaitGroup
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		_ = twice(ctx, "a")
		a, b2 := pair(ctx, "b")
		_ = join(ctx, a, b2)
		_ = unnamed(ctx, "c", 1)
		_ = blank(ctx, "d", 2)
		_ = variadic(ctx, "e", "f")
		_ = ping(ctx, 2)
		_ = first(ctx, []int{}, "g")
		b := &Box[int]{}
		_ = b.Name(ctx, "h")
		wg.Add(1)
		go background(ctx, &wg, "i")
		wg.Wait()
		func() {
			defer cleanup(ctx, "j")
		}()
		a2, b3 := pair(ctx, "k")
		if s := join(ctx, a2, b3); s == "" {
			wg.Add(0)
		}
		a3, b4 := pair(ctx, "l")
		switch s := join(ctx, a3, b4); s {
		case "":
			wg.Add(0)
		}
		r := &reverser{}
		_, _ = firstOf(ctx, []string{"127.0.0.1"}, r.named)
		cancel()
	}
}
