//go:build !windows

package tg

import (
	"context"
	"net"
)

// lookup has one body per platform: this one blocks.
func lookup(ctx context.Context, name string) error {
	_, err := net.DefaultResolver.LookupCNAME(ctx, name)
	return err
}
