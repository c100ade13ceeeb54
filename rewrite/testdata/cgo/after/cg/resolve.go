// Package cg reaches blocking calls through functions of cgo files: resolve
// is a Go function like any other and gains ctx; Ping is exported to C.
package cg

/*
static int one(void) { return 1; }
*/
import "C"

import (
	"context"
	"net"
)

func resolve(ctx context.Context, name string) error {
	_ = C.one()
	_, err := net.DefaultResolver.LookupHost(ctx, name)
	return err
}
