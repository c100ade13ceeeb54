// Package b is called by the loop, and recurses with c's help.
package b

import (
	"context"

	"chain/c"
	"chain/d"
)

func Fetch(ctx context.Context) error { // want Fetch:"reaches \\(\\*net/http.Client\\).Do under param 0 via Fetch→Get→Do"
	return c.Get(ctx, "http://svc")
}

func Lossy(ctx context.Context) error { // want Lossy:"reaches \\(\\*net/http.Client\\).Do unbounded via Lossy→Detour→Do"
	return c.Detour(ctx, "http://svc")
}

// Ping and pong recurse into each other, and reach d.Legacy.
func Ping(n int) { // want Ping:"reaches net/http.Get unbounded via Ping→Legacy"
	if n > 0 {
		Pong(n - 1)
	}
	d.Legacy("http://ping")
}

func Pong(n int) { // want Pong:"reaches net/http.Get unbounded via Pong→Ping→Legacy"
	Ping(n)
}
