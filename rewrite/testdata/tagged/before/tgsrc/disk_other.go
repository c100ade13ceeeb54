//go:build !windows

package tgsrc

import "net/http"

// disk reads a disk agent over HTTP.
type disk struct{ url string }

// Read asks the agent.
func (d *disk) Read() error {
	resp, err := http.Get(d.url)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// New is the platform's source.
func New() Source { return &disk{url: "http://127.0.0.1:9100"} }
