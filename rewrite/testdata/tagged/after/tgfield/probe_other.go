//go:build !windows

package tgfield

import "context"

func (p *Prober) probe(ctx context.Context, host string) error {
	_, err := p.ping(ctx, host)
	return err
}
