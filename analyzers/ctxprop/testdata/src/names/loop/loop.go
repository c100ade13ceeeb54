// Package loop reads handles registered in another package.
package loop

import (
	"net/http"

	"names/status"
)

func viaVar() {
	for range status.Poller.C {
		http.Get("http://a") // want `"status-poller" \(readiness\): net/http.Get`
	}
}

func viaGetter() {
	for range status.Get().C {
		http.Get("http://b") // want `"status-poller" \(readiness\): net/http.Get`
	}
}

func viaField(f *status.Forwarder) {
	for range f.Health.C {
		http.Get("http://c") // want `"forwarder-<i>" \(liveness\): net/http.Get`
	}
}
