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

	"example.com/kv/v2"

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

func exec_(db *sql.DB) error {
	_, err := db.Exec("DELETE FROM t")
	return err
}

func queryRow(db *sql.DB) error {
	var n int
	return db.QueryRow("SELECT 1").Scan(&n)
}

// getKey and watch call a third-party client's methods that have a context
// form beside them.
func getKey(c *kv.Client) error {
	_, err := c.Get("k")
	return err
}

func watch(c *kv.Client) error { return c.Watch("p/") }

// Loop runs them all on every tick.
func Loop(db *sql.DB, c *kv.Client) {
	h := health.RegisterLiveness("sinks")
	for range h.C {
		_ = command()
		_ = dial()
		_ = dialTimeout()
		_ = lookup()
		_ = query(db)
		_ = exec_(db)
		_ = queryRow(db)
		_ = getKey(c)
		_ = watch(c)
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

func postForm(url string) error {
	resp, err := http.Post(url, "text/plain", strings.NewReader("y"))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func head(url string) error {
	resp, err := http.Head(url)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func clientGet(c *http.Client, url string) error {
	resp, err := c.Get(url)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func clientHead(c *http.Client, url string) error {
	resp, err := c.Head(url)
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
		_ = postForm("http://c")
		_ = head("http://d")
		_ = clientGet(c, "http://e")
		_ = clientHead(c, "http://f")
	}
}
