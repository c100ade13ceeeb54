// Package a has its own cache over its own remote loader, and a loop
// that reads it: the call graph's field node for Cache.load holds both
// packages' loaders, yet the loop of a runs a's only.
package a

import (
	"net/http"

	"github.com/ctxlint/ctxlint/cmd/ctxlint/testdata/fieldobjects/cache"
	"github.com/ctxlint/ctxlint/runtime/health"
)

var c = cache.New(func(k string) (string, error) {
	resp, err := http.Get("http://a.invalid/" + k)
	if err != nil {
		return "", err
	}
	return resp.Status, resp.Body.Close()
})

func Run() {
	h := health.RegisterLiveness("a")
	for range h.C {
		c.Get("x")
	}
}
