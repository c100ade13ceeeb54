package sinks

import (
	"context"
	"database/sql"

	"github.com/ctxlint/ctxlint/runtime/health"
)

var db *sql.DB

// database/sql: the methods without Context are reported; the Context
// variants run under the context they are given, so QueryContext is clean
// with a bounded context and reported with context.Background().
func database() {
	h := health.RegisterLiveness("store")
	for {
		select {
		case deadline := <-h.C:
			db.Query("SELECT 1")          // want `"store" \(liveness\): \(\*database/sql\.DB\)\.Query without the health deadline \(it takes no context\): database \(sql\.go:\d+\)`
			db.Exec("DELETE FROM events") // want `"store" \(liveness\): \(\*database/sql\.DB\)\.Exec without the health deadline \(it takes no context\)`
			db.Ping()                     // want `"store" \(liveness\): \(\*database/sql\.DB\)\.Ping without the health deadline \(it takes no context\)`

			db.QueryContext(context.Background(), "SELECT 1") // want `"store" \(liveness\): \(\*database/sql\.DB\)\.QueryContext without the health deadline \(context\.Background\(\)\)`

			ctx, cancel := health.WithDeadline(context.Background(), deadline)
			db.QueryContext(ctx, "SELECT 1")
			cancel()
		}
	}
}
