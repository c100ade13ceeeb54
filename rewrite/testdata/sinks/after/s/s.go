// Package s has one of each blocking call ctxlint rewrites to its context
// form.
package s

import (
	"context"
	"database/sql"
	"net"
	"net/http"
	"os/exec"
	"strings"
	"time"

	"example.com/kv/v2"
	"github.com/ctxlint/ctxlint/runtime/health"
)

func command(ctx context.Context) error { return exec.CommandContext(ctx, "true").Run() }

func dial(ctx context.Context) error {
	c, err := (&net.Dialer{}).DialContext(ctx, "tcp", "a:1")
	if err != nil {
		return err
	}
	return c.Close()
}

func dialTimeout(ctx context.Context) error {
	c, err := (&net.Dialer{Timeout: time.Second}).DialContext(ctx, "tcp", "a:1")
	if err != nil {
		return err
	}
	return c.Close()
}

func lookup(ctx context.Context) error {
	_, err := net.DefaultResolver.LookupHost(ctx, "example.com")
	return err
}

func query(ctx context.Context, db *sql.DB) error {
	rows, err := db.QueryContext(ctx, "SELECT 1")
	if err != nil {
		return err
	}
	return rows.Close()
}

func exec_(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, "DELETE FROM t")
	return err
}

func queryRow(ctx context.Context, db *sql.DB) error {
	var n int
	return db.QueryRowContext(ctx, "SELECT 1").Scan(&n)
}

// getKey and watch call a third-party client's methods that have a context
// form beside them.
func getKey(ctx context.Context, c *kv.Client) error {
	_, err := c.GetWithContext(ctx, "k")
	return err
}

func watch(ctx context.Context, c *kv.Client) error { return c.WatchContext(ctx, "p/") }

// Loop runs them all on every tick.
func Loop(db *sql.DB, c *kv.Client) {
	h := health.RegisterLiveness("sinks")
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		_ = command(ctx)
		_ = dial(ctx)
		_ = dialTimeout(ctx)
		_ = lookup(ctx)
		_ = query(ctx, db)
		_ = exec_(ctx, db)
		_ = queryRow(ctx, db)
		_ = getKey(ctx, c)
		_ = watch(ctx, c)
		cancel()
	}
}

func get(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func post(ctx context.Context, c *http.Client, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader("x"))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "text/plain")
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func postForm(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader("y"))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "text/plain")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func head(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodHead, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func clientGet(ctx context.Context, c *http.Client, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func clientHead(ctx context.Context, c *http.Client, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodHead, url, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Poll sends requests on every tick.
func Poll(c *http.Client) {
	h := health.RegisterLiveness("http")
	for deadline := range h.C {
		ctx, cancel := health.WithDeadline(context.Background(), deadline)
		_ = get(ctx, "http://a")
		_ = post(ctx, c, "http://b")
		_ = postForm(ctx, "http://c")
		_ = head(ctx, "http://d")
		_ = clientGet(ctx, c, "http://e")
		_ = clientHead(ctx, c, "http://f")
		cancel()
	}
}
