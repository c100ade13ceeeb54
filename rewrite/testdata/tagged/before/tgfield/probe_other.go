//go:build !windows

package tgfield

func (p *Prober) probe(host string) error {
	_, err := p.ping(host)
	return err
}
