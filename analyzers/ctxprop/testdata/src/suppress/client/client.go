// Package client holds an ignore deep on a path: the report it would have
// made in every loop that reaches it is suppressed, and the ignore counts
// as used here, where it is written.
package client

import "net/http"

// Local has no fact: its only sink is ignored.
func Local() {
	//ctxlint:ignore ctxprop the kubelet's read-only port is on loopback and answers in 1 s
	http.Get("http://127.0.0.1:10255/pods")
}

func Remote() { // want Remote:"reaches net/http.Post unbounded via Remote"
	http.Post("http://intake/api", "", nil)
}

// Both reaches Remote's sink only: the path through Local is ignored.
func Both() { // want Both:"reaches net/http.Post unbounded via Both→Remote"
	Local()
	Remote()
}
