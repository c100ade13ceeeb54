// Package c is a middle layer.
package c

import (
	"context"

	"chain/d"
)

func Get(ctx context.Context, url string) error { // want Get:"reaches \\(\\*net/http.Client\\).Do under param 0 via Get→Do"
	return d.Do(ctx, url)
}

// Detour loses the caller's context.
func Detour(ctx context.Context, url string) error { // want Detour:"reaches \\(\\*net/http.Client\\).Do unbounded via Detour→Do"
	return d.Do(context.TODO(), url)
}
