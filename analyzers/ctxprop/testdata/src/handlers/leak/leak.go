// want package:"dispatch value leaky.func1"

// Package leak's map lets its values out (Get returns one): its handler is
// in the Dispatch fact, a candidate for any call of its type elsewhere.
package leak

import "net/http"

var leaky = map[string]func(int) error{
	"leak": func(n int) error {
		_, err := http.Get("http://leak.invalid/")
		return err
	},
}

// Get returns a handler.
func Get(name string) func(int) error { return leaky[name] }
