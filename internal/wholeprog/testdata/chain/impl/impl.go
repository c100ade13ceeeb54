// Package impl implements Getter over a Doer it does not know: the round
// trip is found in round 2, through the call graph.
package impl

import "github.com/ctxlint/ctxlint/internal/wholeprog/testdata/chain/iface"

type HTTP struct {
	URL string
	T   iface.Doer
}

func (h HTTP) Get() error { return h.T.Do(h.URL) }
