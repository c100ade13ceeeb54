// Package app wires the chain together.
package app

import (
	"github.com/ctxlint/ctxlint/internal/wholeprog/testdata/chain/impl"
	"github.com/ctxlint/ctxlint/internal/wholeprog/testdata/chain/loop"
	"github.com/ctxlint/ctxlint/internal/wholeprog/testdata/chain/quiet"
	"github.com/ctxlint/ctxlint/internal/wholeprog/testdata/chain/transport"
	"github.com/ctxlint/ctxlint/runtime/health"
)

func Main() {
	loop.Run(health.NewCatalog(), impl.HTTP{URL: quiet.Upper("http://x"), T: transport.Real{}})
}
