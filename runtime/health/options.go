package health

import (
	"fmt"
	"log/slog"
	"time"
)

// Defaults of a [Catalog].
const (
	DefaultPeriod        = 15 * time.Second
	DefaultMissThreshold = 2
	DefaultDumpLimit     = 1 << 20 // bytes of goroutine stacks per dump
	DefaultDumpInterval  = time.Minute
)

// An Option configures a [Catalog] (NewCatalog) or one component
// (RegisterLiveness and friends). Each option documents where it applies;
// a catalog-wide option given at registration is an error.
type Option struct {
	name      string
	component bool // also valid at registration
	apply     func(*settings) error
}

// settings holds what options set; component fields are the catalog's
// defaults, overridden per registration.
type settings struct {
	period       time.Duration
	clock        Clock
	logger       *slog.Logger
	dumpLimit    int
	dumpInterval time.Duration

	missThreshold int
	grace         time.Duration // 0: the component's timeout
}

func defaultSettings() settings {
	return settings{
		period:        DefaultPeriod,
		clock:         systemClock{},
		dumpLimit:     DefaultDumpLimit,
		dumpInterval:  DefaultDumpInterval,
		missThreshold: DefaultMissThreshold,
	}
}

func (s *settings) apply(opts []Option, atRegistration bool) error {
	for _, o := range opts {
		if o.apply == nil {
			return fmt.Errorf("health: zero Option")
		}
		if atRegistration && !o.component {
			return fmt.Errorf("health: %s configures a catalog, not a component: pass it to NewCatalog", o.name)
		}
		if err := o.apply(s); err != nil {
			return fmt.Errorf("health: %s: %w", o.name, err)
		}
	}
	return nil
}

// maxTimeout bounds every duration the catalog adds to a time: a century.
const maxTimeout = 100 * 365 * 24 * time.Hour

func (s *settings) checkTimeout() error {
	if s.period > maxTimeout/time.Duration(s.missThreshold) {
		return fmt.Errorf("period %v × miss threshold %d exceeds %v", s.period, s.missThreshold, maxTimeout)
	}
	return nil
}

// timeout is how long after a check a tick sent at that check stays valid.
func (s *settings) timeout() time.Duration {
	return time.Duration(s.missThreshold) * s.period
}

// WithPeriod sets how often the catalog checks its components and refreshes
// their ticks. Catalog only.
func WithPeriod(d time.Duration) Option {
	return Option{name: "WithPeriod", apply: func(s *settings) error {
		if d <= 0 {
			return fmt.Errorf("period must be positive, got %v", d)
		}
		s.period = d
		return s.checkTimeout()
	}}
}

// WithMissThreshold sets the deadline carried by a tick to n periods after
// the check that sent it. n must be at least 2: a receiver must be able to
// get the next tick, which comes up to one period later, before the deadline.
// Catalog default or per component.
func WithMissThreshold(n int) Option {
	return Option{name: "WithMissThreshold", component: true, apply: func(s *settings) error {
		if n < 2 {
			return fmt.Errorf("miss threshold must be at least 2, got %d", n)
		}
		s.missThreshold = n
		return s.checkTimeout()
	}}
}

// WithGracePeriod sets how long a new component has to receive its first
// tick. The default is the component's timeout (miss threshold × period).
// Catalog default or per component.
func WithGracePeriod(d time.Duration) Option {
	return Option{name: "WithGracePeriod", component: true, apply: func(s *settings) error {
		if d <= 0 || d > maxTimeout {
			return fmt.Errorf("grace period must be positive and at most %v, got %v", maxTimeout, d)
		}
		s.grace = d
		return nil
	}}
}

// WithClock replaces the system clock, for tests. Catalog only.
func WithClock(c Clock) Option {
	return Option{name: "WithClock", apply: func(s *settings) error {
		if c == nil {
			return fmt.Errorf("nil clock")
		}
		s.clock = c
		return nil
	}}
}

// WithLogger sets the logger for transitions and goroutine dumps; the
// default is [slog.Default] at the time of logging. Catalog only.
func WithLogger(l *slog.Logger) Option {
	return Option{name: "WithLogger", apply: func(s *settings) error {
		s.logger = l
		return nil
	}}
}

// WithDump sets the goroutine dump's size cap in bytes and the minimum
// interval between two dumps. A limit of 0 disables dumps. Catalog only.
func WithDump(limit int, interval time.Duration) Option {
	return Option{name: "WithDump", apply: func(s *settings) error {
		if limit < 0 || interval < 0 {
			return fmt.Errorf("negative limit %d or interval %v", limit, interval)
		}
		s.dumpLimit, s.dumpInterval = limit, interval
		return nil
	}}
}
