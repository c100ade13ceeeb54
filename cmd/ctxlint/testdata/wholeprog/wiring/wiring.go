// Package wiring registers the providers and builds the forwarder.
package wiring

import (
	"github.com/ctxlint/ctxlint/cmd/ctxlint/testdata/wholeprog/fwd"
	"github.com/ctxlint/ctxlint/cmd/ctxlint/testdata/wholeprog/prov"
	"github.com/ctxlint/ctxlint/cmd/ctxlint/testdata/wholeprog/reg"
)

func init() { reg.Register("docker", prov.Hostname) }

func Forwarder() fwd.Forwarder { return fwd.NewQueue() }
