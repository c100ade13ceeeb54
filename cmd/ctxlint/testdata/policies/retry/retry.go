// Package retry runs an attempt until it succeeds. Each client embeds a
// Policy and sets it up with its own attempt: the attempt a policy runs
// is the one its own client stored, not every client's.
package retry

type Config struct {
	Name    string
	Attempt func() error
}

type Policy struct {
	cfg   Config
	tries int
}

// Init keeps cfg; a client calls it once, as it builds itself.
func (r *Policy) Init(cfg *Config) { r.cfg = *cfg }

// Try makes an attempt.
func (r *Policy) Try() error { return r.attempt() }

func (r *Policy) attempt() error {
	r.tries++
	return r.cfg.Attempt()
}
