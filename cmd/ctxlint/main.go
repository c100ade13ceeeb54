// Command ctxlint runs ctxlint's analyzers, ctxprop and todoctx:
// standalone on package patterns, or as go vet -vettool.
//
//	ctxlint [flags] packages            report (see ctxlint help)
//	ctxlint -whole-program packages     ctxprop over the packages as one program
//	ctxlint todo [flags] packages       the context.TODO() inventory
package main

import (
	"os"
	"slices"

	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
	"github.com/ctxlint/ctxlint/analyzers/todoctx"
)

func main() {
	args := os.Args[1:]
	if len(args) > 0 && args[0] == "todo" {
		os.Exit(todoCommand(args[1:], os.Stdout, os.Stderr))
	}
	if slices.ContainsFunc(args, func(a string) bool {
		return a == "-whole-program" || a == "--whole-program" || a == "-whole-program=true"
	}) {
		os.Exit(wholeProgram(args, os.Stdout, os.Stderr))
	}
	multichecker.Main(ctxprop.Analyzer, todoctx.Analyzer)
}
