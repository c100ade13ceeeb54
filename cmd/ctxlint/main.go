// Command ctxlint runs ctxlint's analyzers: standalone on package
// patterns, or as go vet -vettool.
package main

import (
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
)

func main() { multichecker.Main(ctxprop.Analyzer) }
