package health

import (
	"encoding/json"
	"time"
)

// Kind says which probes a component counts for.
type Kind uint8

const (
	Liveness  Kind = iota + 1 // counts for /live and /ready
	Readiness                 // counts for /ready
	Startup                   // counts for /startup until it has started
)

func (k Kind) String() string {
	switch k {
	case Liveness:
		return "liveness"
	case Readiness:
		return "readiness"
	case Startup:
		return "startup"
	}
	return "invalid"
}

// MarshalText encodes the kind as its name.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// State is a component's health as of the last check.
type State uint8

const (
	Starting  State = iota + 1 // registered, first receive not observed yet
	Healthy                    // received before its deadline
	Unhealthy                  // missed its deadline (or its grace period)
)

func (s State) String() string {
	switch s {
	case Starting:
		return "starting"
	case Healthy:
		return "healthy"
	case Unhealthy:
		return "unhealthy"
	}
	return "invalid"
}

// MarshalText encodes the state as its name.
func (s State) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// ComponentStatus is one component as of the last check.
type ComponentStatus struct {
	Name  string `json:"name"`
	Kind  Kind   `json:"kind"`
	State State  `json:"state"`
	// LastRead is the check at which the component's last receive was
	// observed (the receive happened within the period before it); zero if
	// never.
	LastRead time.Time `json:"last_read,omitzero"`
	// Deadline is when the component must receive next.
	Deadline time.Time `json:"deadline,omitzero"`
	// Overdue is how far past Deadline the component was at the last check.
	Overdue time.Duration `json:"-"`
}

// MarshalJSON adds overdue as a duration string.
func (c ComponentStatus) MarshalJSON() ([]byte, error) {
	type plain ComponentStatus
	var overdue string
	if c.Overdue > 0 {
		overdue = c.Overdue.String()
	}
	return json.Marshal(struct {
		plain
		Overdue string `json:"overdue,omitempty"`
	}{plain(c), overdue})
}

// passes reports whether the component passes a probe of the given kind.
// Starting components are alive (they have a grace period) but not started,
// and not ready until the catalog has first been ready: at boot readiness
// waits for every component's first receive, but a component registered
// later does not take a ready pod out of service while its first receive is
// observed.
func (c ComponentStatus) passes(probe Kind, everReady bool) bool {
	switch c.State {
	case Healthy:
		return true
	case Starting:
		return probe == Liveness || probe == Readiness && everReady
	}
	return false
}

// counts reports whether the component belongs to a probe of the given kind.
func (c ComponentStatus) counts(probe Kind) bool {
	switch probe {
	case Liveness:
		return c.Kind == Liveness
	case Readiness:
		return c.Kind == Liveness || c.Kind == Readiness
	case Startup:
		return c.Kind == Startup
	}
	return false
}

// Status is the result of one probe.
type Status struct {
	Probe   Kind      `json:"probe"`
	Healthy bool      `json:"healthy"`
	Checked time.Time `json:"checked"`
	// Closed: the catalog was closed and monitors nothing.
	Closed bool `json:"closed,omitempty"`
	// Components that count for the probe, sorted by name.
	Components []ComponentStatus `json:"components"`

	everReady bool
}

// Failing returns the names of the components that fail the probe.
func (s Status) Failing() []string {
	var names []string
	for _, c := range s.Components {
		if !c.passes(s.Probe, s.everReady) {
			names = append(names, c.Name)
		}
	}
	return names
}

// snapshot is what probes read: immutable once published.
type snapshot struct {
	checked    time.Time
	components []ComponentStatus // sorted by name
	byName     map[string]int
	everReady  bool
	closed     bool
	bodies     [Startup + 1]probeBody // pre-rendered non-verbose answers
}

type probeBody struct {
	healthy bool
	json    []byte
}

func newSnapshot(checked time.Time, components []ComponentStatus, everReady bool) *snapshot {
	s := &snapshot{checked: checked, components: components, byName: make(map[string]int, len(components)), everReady: everReady}
	for i, c := range components {
		s.byName[c.Name] = i
	}
	s.render()
	return s
}

// closedSnapshot fails every probe: a closed catalog monitors nothing.
func closedSnapshot(at time.Time) *snapshot {
	s := &snapshot{checked: at, byName: map[string]int{}, closed: true}
	s.render()
	return s
}

func (s *snapshot) render() {
	for _, k := range []Kind{Liveness, Readiness, Startup} {
		st := s.status(k, nil)
		s.bodies[k] = probeBody{healthy: st.Healthy, json: summaryJSON(st, nil)}
	}
}

// status computes a probe's answer, leaving out the excluded components.
func (s *snapshot) status(probe Kind, exclude map[string]bool) Status {
	st := Status{Probe: probe, Healthy: !s.closed, Closed: s.closed, Checked: s.checked, everReady: s.everReady}
	if probe < Liveness || probe > Startup {
		st.Healthy = false
		return st
	}
	for _, c := range s.components {
		if !c.counts(probe) || exclude[c.Name] {
			continue
		}
		st.Components = append(st.Components, c)
		if !c.passes(probe, s.everReady) {
			st.Healthy = false
		}
	}
	return st
}
