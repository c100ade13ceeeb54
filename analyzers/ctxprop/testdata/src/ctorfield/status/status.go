// want package:"dispatch method Handler.Leader, method Switch.Leader"

// Package status answers who leads. Its handler keeps the leader lookup
// its constructor was given in a field the constructor sets by statement,
// after building the struct: nothing else writes it, so each caller knows
// which lookup its handler runs from what it passed.
package status

import "ctorfield/probes"

type Handler struct {
	name   string
	leader func() (string, error)
}

func NewHandler(name string, leader func() (string, error)) *Handler { // want NewHandler:`constructs result 0 field leader from parameter 1` NewHandler:`runs later parameter 1`
	h := &Handler{name: name}
	h.leader = leader
	return h
}

// Reverse is a handler over another lookup of the same signature.
func Reverse() *Handler { return NewHandler("reverse", probes.Lookups["reverse"]) }

// Leader asks the lookup the handler was built with.
func (h *Handler) Leader() (string, error) { return h.leader() } // want Leader:`reaches net.LookupAddr unbounded via Handler.Leader→reverse; calls field leader of the receiver at status.go:26:53`

// Switch's lookup is written again after construction: a caller cannot
// tell which one runs from how it built the switch.
type Switch struct{ leader func() (string, error) }

func NewSwitch(leader func() (string, error)) *Switch { // want NewSwitch:`constructs result 0 field leader from parameter 0` NewSwitch:`runs later parameter 0`
	s := &Switch{}
	s.leader = leader
	return s
}

func (s *Switch) Set(leader func() (string, error)) { s.leader = leader } // want Set:`runs later parameter 0` Set:`sets field leader from parameter 0`

func (s *Switch) Leader() (string, error) { return s.leader() } // want Leader:`reaches net.LookupAddr unbounded via Switch.Leader→reverse; calls field leader \(set by setters too\) of the receiver at status.go:40:52`

// Lazy's constructor sets the lookup by statement, and hands out a
// function that sets it again later: the field is written after
// construction, whatever the constructor stored.
type Lazy struct {
	leader func() (string, error)
	Reset  func()
}

func NewLazy(leader func() (string, error)) *Lazy { // want NewLazy:`runs later parameter 0`
	l := &Lazy{}
	l.leader = leader
	l.Reset = func() { l.leader = probes.Lookups["reverse"] }
	return l
}

func (l *Lazy) Leader() (string, error) { return l.leader() } // want Leader:`reaches net.LookupAddr unbounded via Lazy.Leader→reverse; calls field leader \(set after construction too\) of the receiver at status.go:57:50`
