// Package base keeps its handlers in an unexported map that only Handle
// reads, and calls on the spot: no other package can run them but through
// Handle, so they are not in its Dispatch fact (where other packages would
// match them by signature).
package base

import "net/http"

var handlers = map[string]func(int) error{}

func init() {
	handlers["remote"] = func(n int) error {
		_, err := http.Get("http://remote.invalid/")
		return err
	}
	handlers["direct"] = fetch
}

func fetch(n int) error { // want fetch:"reaches net/http.Get unbounded via fetch"
	_, err := http.Get("http://direct.invalid/")
	return err
}

// Handle runs the handler of name.
func Handle(name string, n int) error { // want Handle:"reaches net/http.Get unbounded via Handle→init.func1; net/http.Get unbounded via Handle→fetch"
	h, ok := handlers[name]
	if !ok || h == nil {
		return nil
	}
	return h(n)
}
