package health

import "time"

// A Clock tells time and makes tickers; [WithClock] injects one for tests.
type Clock interface {
	Now() time.Time
	NewTicker(d time.Duration) Ticker
}

// A Ticker delivers the current time on C once per period until stopped.
type Ticker interface {
	C() <-chan time.Time
	Stop()
}

type systemClock struct{}

func (systemClock) Now() time.Time                   { return time.Now() }
func (systemClock) NewTicker(d time.Duration) Ticker { return systemTicker{time.NewTicker(d)} }

type systemTicker struct{ t *time.Ticker }

func (t systemTicker) C() <-chan time.Time { return t.t.C }
func (t systemTicker) Stop()               { t.t.Stop() }
