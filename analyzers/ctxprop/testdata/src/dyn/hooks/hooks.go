// want package:"dispatch value func1"

// Package hooks stores function literals in a map: they have no name to
// carry a fact, so the package exports them in its Dispatch fact.
package hooks

import "net/http"

var Hooks = map[string]func() error{
	"flush": func() error {
		_, err := http.Post("http://sink/flush", "", nil)
		return err
	},
}
