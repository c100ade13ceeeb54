// Package wire starts the loop with both implementations.
package wire

import (
	"example.com/x/api"
	"example.com/x/grpcimpl"
	"example.com/x/httpimpl"
	"example.com/x/loop"
)

// Start polls both sources.
func Start() {
	for _, s := range []api.Source{&httpimpl.Source{URL: "http://x"}, grpcimpl.Source{}} {
		go loop.Poll(s)
	}
}
