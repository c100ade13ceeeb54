// Package app wires them together.
package app

import (
	"github.com/ctxlint/ctxlint/cmd/ctxlint/testdata/wholetodo/impl"
	"github.com/ctxlint/ctxlint/cmd/ctxlint/testdata/wholetodo/loop"
	"github.com/ctxlint/ctxlint/runtime/health"
)

func Main() { loop.Run(health.NewCatalog(), impl.HTTPSource{}) }
