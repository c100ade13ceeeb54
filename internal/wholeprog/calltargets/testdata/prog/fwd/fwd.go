// Package fwd has two forwarders: the program builds only the queueing
// one; the synchronous one's constructor is never called.
package fwd

import "net/http"

type Forwarder interface{ Send(payload string) error }

type Queue struct{ ch chan string }

func NewQueue() *Queue { return &Queue{ch: make(chan string, 100)} }

func (q *Queue) Send(p string) error { q.ch <- p; return nil }

type Sync struct{ url string }

func NewSync(url string) *Sync { return &Sync{url: url} }

func (s *Sync) Send(p string) error { _, err := http.Post(s.url, "text/plain", nil); return err }
