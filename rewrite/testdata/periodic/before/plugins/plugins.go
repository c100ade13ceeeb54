// Package plugins declares the inputs an agent gathers from, and two of
// them.
package plugins

import (
	"database/sql"
	"net/http"
)

// Input is a plugin the agent gathers metrics from.
type Input interface {
	Gather(acc Accumulator) error
}

// Accumulator takes the gathered values.
type Accumulator interface {
	Add(name string, v float64)
}

// Web gathers a status page.
type Web struct{ URL string }

// Gather reads the page.
func (w *Web) Gather(acc Accumulator) error {
	resp, err := http.Get(w.URL)
	if err != nil {
		return err
	}
	acc.Add("up", 1)
	return resp.Body.Close()
}

// DB gathers a row count.
type DB struct{ db *sql.DB }

// Gather counts the rows.
func (d *DB) Gather(acc Accumulator) error {
	var n float64
	if err := d.db.QueryRow("SELECT count(*) FROM t").Scan(&n); err != nil {
		return err
	}
	acc.Add("rows", n)
	return nil
}
