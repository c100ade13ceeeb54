package rewrite

import (
	"github.com/ctxlint/ctxlint/rewrite/internal/change"
	"golang.org/x/tools/go/packages"
)

// Result is what a run changes.
type Result struct {
	Files    map[string][]byte // new contents of the changed files
	Old      map[string][]byte // their contents before
	Applied  []*change.Set
	Refusals []change.Refusal
	Planned  int // change sets planned: applied or refused (Migrate: once each, over its passes)
	Funcs    int // functions, literals and methods that gained a ctx
	// Passes is how many times Migrate loaded and analysed the program:
	// one that changes what the reports ask, one that finds nothing left.
	Passes int
	// Unsettled is set when the last pass Migrate may run still changed
	// files: a next run would find more to change.
	Unsettled bool
	// next is the program as rewritten, type-checked in memory: what the
	// next pass of Migrate analyses.
	next []*packages.Package
}
