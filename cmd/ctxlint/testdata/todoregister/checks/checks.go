// Package checks is a home-grown health runtime: its registration function
// is named with -ctxprop.register.
package checks

import "time"

type Ticket struct{ C <-chan time.Time }

func Register(name string) *Ticket { return &Ticket{} }
