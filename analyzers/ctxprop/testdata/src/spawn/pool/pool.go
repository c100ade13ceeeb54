// Package pool has helpers that take a function: some run it in place,
// some start it in a goroutine and return at once.
package pool

import "sync"

// Run runs f in place: a loop that calls Run blocks as long as f does.
func Run(f func()) { f() }

// Start runs f in a goroutine it never joins: the caller goes on at once.
func Start(f func()) { // want Start:"runs later parameter 0"
	go f()
}

// StartWrapped starts f inside a literal run by a go statement.
func StartWrapped(name string, f func() error) { // want StartWrapped:"runs later parameter 1"
	go func() {
		if err := f(); err != nil {
			println(name, err.Error())
		}
	}()
}

// Group starts each function and waits for all: synchronous.
func Group(fs ...func()) {
	var wg sync.WaitGroup
	for _, f := range fs {
		wg.Add(1)
		go func() { defer wg.Done(); f() }()
	}
	wg.Wait()
}

// Both runs f in place once and starts it once: the caller can block.
func Both(f func()) {
	f()
	go f()
}

// Eval calls f to compute the goroutine's argument: in place.
func Eval(f func() int) {
	go println(f())
}
