// Package retry runs the attempt its user configured: a method value of
// the user's, stored in a config struct of this package.
package retry

type Config struct{ Attempt func() error }

type Retrier struct{ cfg Config }

func (r *Retrier) Setup(cfg *Config) { r.cfg = *cfg }

func (r *Retrier) Try() error {
	return r.cfg.Attempt() // CALL attempt
}
