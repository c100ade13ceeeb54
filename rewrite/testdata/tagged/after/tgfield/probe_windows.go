//go:build windows

package tgfield

import "context"

// probe on Windows asks for the host's short name too.
func (p *Prober) probe(ctx context.Context, host string) error {
	if _, err := p.ping(ctx, host); err != nil {
		return err
	}
	_, err := p.ping(ctx, host+".")
	return err
}
