// Package pinger stands for a client of another module whose interface
// has exactly one implementation: followed.
package pinger

import "net/http"

type Transport interface{ Ping(url string) error }

type Client struct{ t Transport }

func New() *Client { return &Client{t: httpTransport{}} }

func (c *Client) Check(url string) error { return c.t.Ping(url) }

type httpTransport struct{}

func (httpTransport) Ping(url string) error { _, err := http.Head(url); return err }
