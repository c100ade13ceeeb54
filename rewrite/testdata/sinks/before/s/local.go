package s

import (
	"context"
	"database/sql"

	"github.com/ctxlint/ctxlint/runtime/health"
)

// count made a context of its own: the parameter it gains replaces it.
func count(db *sql.DB) (int, error) {
	ctx := context.Background()
	var n int
	err := db.QueryRowContext(ctx, "SELECT count(*) FROM t").Scan(&n)
	return n, err
}

// Count counts on every tick.
func Count(db *sql.DB) {
	h := health.RegisterLiveness("count")
	for range h.C {
		_, _ = count(db)
	}
}
