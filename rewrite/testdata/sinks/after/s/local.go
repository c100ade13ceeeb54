package s

import (
	"context"
	"database/sql"

	"github.com/ctxlint/ctxlint/runtime/health"
)

// count made a context of its own: the parameter it gains replaces it.
func count(ctx context.Context, db *sql.DB) (int, error) {
	var n int
	err := db.QueryRowContext(ctx, "SELECT count(*) FROM t").Scan(&n)
	return n, err
}

// Count counts on every tick.
func Count(db *sql.DB) {
	h := health.RegisterLiveness("count")
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		_, _ = count(ctx, db)
		cancel()
	}
}
