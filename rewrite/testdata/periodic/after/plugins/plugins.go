// Package plugins declares the inputs an agent gathers from, and two of
// them.
package plugins

import (
	"context"
	"database/sql"
	"net/http"
)

// Input is a plugin the agent gathers metrics from.
type Input interface {
	Gather(ctx context.Context, acc Accumulator) error
}

// Accumulator takes the gathered values.
type Accumulator interface {
	Add(name string, v float64)
}

// Web gathers a status page.
type Web struct{ URL string }

// Gather reads the page.
func (w *Web) Gather(ctx context.Context, acc Accumulator) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, w.URL, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	acc.Add("up", 1)
	return resp.Body.Close()
}

// DB gathers a row count.
type DB struct{ db *sql.DB }

// Gather counts the rows.
func (d *DB) Gather(ctx context.Context, acc Accumulator) error {
	var n float64
	if err := d.db.QueryRowContext(ctx, "SELECT count(*) FROM t").Scan(&n); err != nil {
		return err
	}
	acc.Add("rows", n)
	return nil
}
