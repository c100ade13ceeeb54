package sinks

import (
	"database/sql"

	"github.com/ctxlint/ctxlint/runtime/health"
)

// A database/sql handle opened with a driver that runs in the process
// (SQLite, say) waits on no server: its queries read a local file and are
// no sinks. The driver is known where the handle is opened with a
// constant name: here, through a field set from a helper's return, a
// local, and a transaction begun on such a handle. A handle of another
// driver, or of one not known, stays a sink.
type events struct {
	db    *sql.DB
	other *sql.DB
}

func openLocal(path string) (*sql.DB, error) { return sql.Open("sqlite3", path) }

func openAny(driver, dsn string) (*sql.DB, error) {
	db, err := sql.Open(driver, dsn)
	return db, err
}

func (e *events) start() (err error) {
	e.db, err = openLocal("/var/lib/agent/events.db")
	if err != nil {
		return err
	}
	e.other, err = openAny("postgres", "host=db")
	return err
}

func (e *events) collect() {
	h := health.RegisterLiveness("events")
	for range h.C {
		e.db.Query("SELECT 1")
		tx, _ := e.db.Begin()
		tx.Exec("DELETE FROM events")
		local, _ := sql.Open("sqlite", ":memory:")
		local.Ping()
		e.other.Query("SELECT 1") // want `"events" \(liveness\): \(\*database/sql\.DB\)\.Query without the health deadline \(it takes no context\)`
		count(e.db)               // want `"events" \(liveness\): \(\*database/sql\.DB\)\.QueryRow without the health deadline \(it takes no context\): events\.collect \(sqlite\.go:\d+\) → count \(sqlite\.go:\d+\)`
	}
}

// count's handle is its callers': of any driver.
func count(db *sql.DB) int { // want count:"reaches \\(\\*database/sql.DB\\).QueryRow unbounded via count"
	var n int
	db.QueryRow("SELECT count(*) FROM events").Scan(&n)
	return n
}
