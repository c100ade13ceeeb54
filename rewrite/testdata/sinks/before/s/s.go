// Package s has one of each blocking call ctxlint rewrites to its context
// form.
package s

import (
	"database/sql"
	"net"
	"net/http"
	"os/exec"
	"strings"
	"time"

	"github.com/ctxlint/ctxlint/runtime/health"
)

func command() error { return exec.Command("true").Run() }

func dial() error {
	c, err := net.Dial("tcp", "a:1")
	if err != nil {
		return err
	}
	return c.Close()
}

func dialTimeout() error {
	c, err := net.DialTimeout("tcp", "a:1", time.Second)
	if err != nil {
		return err
	}
	return c.Close()
}

func lookup() error {
	_, err := net.LookupHost("example.com")
	return err
}

func query(db *sql.DB) error {
	rows, err := db.Query("SELECT 1")
	if err != nil {
		return err
	}
	return rows.Close()
}

// Loop runs them all on every tick.
func Loop(db *sql.DB) {
	h := health.RegisterLiveness("sinks")
	for range h.C {
		_ = command()
		_ = dial()
		_ = dialTimeout()
		_ = lookup()
		_ = query(db)
	}
}

func get(url string) error {
	resp, err := http.Get(url)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func post(c *http.Client, url string) error {
	resp, err := c.Post(url, "text/plain", strings.NewReader("x"))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Poll sends requests on every tick.
func Poll(c *http.Client) {
	h := health.RegisterLiveness("http")
	for range h.C {
		_ = get("http://a")
		_ = post(c, "http://b")
	}
}
