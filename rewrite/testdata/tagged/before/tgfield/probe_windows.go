//go:build windows

package tgfield

// probe on Windows asks for the host's short name too.
func (p *Prober) probe(host string) error {
	if _, err := p.ping(host); err != nil {
		return err
	}
	_, err := p.ping(host + ".")
	return err
}
