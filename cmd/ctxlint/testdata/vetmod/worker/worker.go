// Package worker loops on a handle from another package: it imports no
// health runtime, so only its dependencies' types say it is monitored.
package worker

import (
	"net/http"

	"example.com/vetmod/agent"
)

func Work() {
	h := agent.Handle()
	for range h.C {
		http.Get("http://kubelet/pods")
	}
}
