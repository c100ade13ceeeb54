// Package checks is a home-grown health runtime: its registration
// functions are named with -ctxprop.register.
package checks

import "time"

type Ticket struct{ C <-chan time.Time }

func Register(name string) *Ticket { return &Ticket{} }

type Scheduler struct{}

func (s *Scheduler) Add(name string) *Ticket { return &Ticket{} }

// Sync blocks on a lock server; named with -ctxprop.sinks.
func Sync() error { return nil }
