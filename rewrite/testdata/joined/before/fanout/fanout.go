// Package fanout fetches a list, then each item's detail in goroutines
// that it waits for; both fetches pass context.Background(). ctxprop
// reports one path to the client's blocking call, through the list. The
// goroutines run within the iteration too (the function joins them), so
// the first pass threads the loop's context into them as well, and the
// second finds nothing left.
package fanout

import (
	"context"
	"net/http"
	"sync"

	"github.com/ctxlint/ctxlint/runtime/health"
)

type client struct{ hc *http.Client }

func (c *client) get(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *client) gather(names []string) {
	_ = c.get(context.Background(), "http://list")
	var wg sync.WaitGroup
	for _, n := range names {
		wg.Add(1)
		go func(n string) {
			defer wg.Done()
			_ = c.detail(n)
		}(n)
	}
	wg.Wait()
}

func (c *client) detail(name string) error {
	return c.get(context.Background(), "http://item/"+name)
}

// Loop gathers on every tick.
func Loop(c *client) {
	h := health.RegisterLiveness("fanout")
	for range h.C {
		c.gather([]string{"a", "b"})
	}
}
