// Command ctxlint runs ctxlint's analyzers: standalone on package
// patterns, or as go vet -vettool. With -whole-program it analyses the
// packages as one program, so that interface and function-value calls also
// reach implementations in packages the caller does not import.
package main

import (
	"os"
	"slices"

	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
)

func main() {
	if slices.ContainsFunc(os.Args[1:], func(a string) bool {
		return a == "-whole-program" || a == "--whole-program" || a == "-whole-program=true"
	}) {
		os.Exit(wholeProgram(os.Args[1:], os.Stdout, os.Stderr))
	}
	multichecker.Main(ctxprop.Analyzer)
}
