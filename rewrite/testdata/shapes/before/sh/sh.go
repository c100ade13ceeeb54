// Package sh has the call and signature shapes the rewrite must keep
// compiling: nested calls, multi-value calls, unnamed and blank
// parameters, a variadic function, mutual recursion, a go statement and a
// deferred call on a path, a generic function and a method of a generic
// type, multi-value calls in an if's and a switch's init, and a method
// value passed to a generic function's func parameter.
package sh

import (
	"net"
	"sync"

	"github.com/ctxlint/ctxlint/runtime/health"
)

func resolve(name string) string {
	addrs, _ := net.LookupHost(name)
	if len(addrs) == 0 {
		return name
	}
	return addrs[0]
}

// twice nests a call in a call of itself: F(F(x)).
func twice(name string) string { return resolve(resolve(name)) }

func pair(name string) (string, string) { return resolve(name), name }

// join takes a multi-value call: F(G()).
func join(a, b string) string { return resolve(a) + b }

// unnamed has unnamed parameters; blank has a blank one.
func unnamed(string, int) string { return resolve("u") }

func blank(_ string, n int) string { return resolve("b") }

// variadic takes a variadic list.
func variadic(names ...string) string {
	for _, n := range names {
		return resolve(n)
	}
	return ""
}

// ping and pong call each other.
func ping(n int) string {
	if n == 0 {
		return resolve("p")
	}
	return pong(n - 1)
}

func pong(n int) string { return ping(n) }

// first is generic.
func first[T any](xs []T, name string) string {
	if len(xs) == 0 {
		return resolve(name)
	}
	return name
}

// Box is a generic type with a method on the path.
type Box[T any] struct{ v T }

func (b *Box[T]) Name(name string) string { return resolve(name) }

// firstOf is the first of xs that ok accepts.
func firstOf[T any](xs []T, ok func(T) bool) (T, bool) {
	for _, x := range xs {
		if ok(x) {
			return x, true
		}
	}
	var zero T
	return zero, false
}

type reverser struct{}

func (r *reverser) named(addr string) bool {
	names, _ := net.LookupAddr(addr)
	return len(names) > 0
}

func background(wg *sync.WaitGroup, name string) {
	defer wg.Done()
	resolve(name)
}

func cleanup(name string) { resolve(name) }

// Loop calls every shape on every tick.
func Loop() {
	h := health.RegisterLiveness("shapes")
	var wg sync.WaitGroup
	for range h.C {
		_ = twice("a")
		_ = join(pair("b"))
		_ = unnamed("c", 1)
		_ = blank("d", 2)
		_ = variadic("e", "f")
		_ = ping(2)
		_ = first([]int{}, "g")
		b := &Box[int]{}
		_ = b.Name("h")
		wg.Add(1)
		go background(&wg, "i")
		wg.Wait()
		func() {
			defer cleanup("j")
		}()
		if s := join(pair("k")); s == "" {
			wg.Add(0)
		}
		switch s := join(pair("l")); s {
		case "":
			wg.Add(0)
		}
		r := &reverser{}
		_, _ = firstOf([]string{"127.0.0.1"}, r.named)
	}
}
