// Command ctxlint runs ctxlint's analyzers, ctxprop and todoctx.
//
//	ctxlint [flags] packages                  report, as go vet does (see ctxlint help)
//	go vet -vettool=$(which ctxlint) ./...    the same, through go vet
//	go fix -fixtool=$(which ctxlint) ./...    apply the suggested fixes
//	ctxlint -whole-program packages           ctxprop over the packages as one program
//	ctxlint -sarif FILE packages              also write SARIF 2.1.0 (or -format=sarif)
//	ctxlint todo [flags] packages             the context.TODO() inventory
package main

import (
	"os"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
	"github.com/ctxlint/ctxlint/analyzers/todoctx"
)

func main() {
	args := os.Args[1:]
	if len(args) > 0 && args[0] == "todo" {
		os.Exit(todoCommand(args[1:], os.Stdout, os.Stderr))
	}
	if slices.ContainsFunc(args, ownDriverFlag) {
		os.Exit(standalone(args, os.Stdout, os.Stderr))
	}
	// Plain runs, -json, -fix, -diff, and the go vet / go fix protocol.
	multichecker.Main(ctxprop.Analyzer, todoctx.Analyzer)
}

// ownDriverFlag reports the flags only ctxlint's own driver handles.
func ownDriverFlag(arg string) bool {
	name, _, _ := strings.Cut(strings.TrimLeft(arg, "-"), "=")
	return strings.HasPrefix(arg, "-") && (name == "whole-program" || name == "sarif" || name == "format")
}
