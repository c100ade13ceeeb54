// Package retry runs an attempt until it succeeds. Each client embeds a
// Retrier and sets it up with its own attempt: the attempt a retrier runs
// is the one its own client stored, not every client's.
package retry

type Config struct {
	Name          string
	AttemptMethod func() error
}

type Retrier struct {
	cfg   Config
	tries int
}

// SetupRetrier keeps cfg; a client calls it once, as it builds itself.
func (r *Retrier) SetupRetrier(cfg *Config) { r.cfg = *cfg }

// TriggerRetry makes an attempt.
func (r *Retrier) TriggerRetry() error { return r.doTry() }

func (r *Retrier) doTry() error {
	r.tries++
	return r.cfg.AttemptMethod()
}
