// Command noop is the floor of ctxlint's benchmark: the driver ctxlint uses
// (multichecker standalone, unitchecker under go vet -vettool) running one
// analyzer that does nothing. It declares a fact type, as ctxprop does, so
// that the driver loads and type-checks the same packages from source
// (standalone) and runs on every dependency (go vet): the time and memory it
// takes are load and type-checking only.
package main

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"
)

// noFact is never exported: declaring it makes the driver treat noop as a
// fact-using analyzer, like ctxprop.
type noFact struct{ Unused bool }

func (*noFact) AFact() {}

var analyzer = &analysis.Analyzer{
	Name:      "noop",
	Doc:       "noop: does nothing (the floor of ctxlint's benchmark: load and type-check only)",
	Run:       func(*analysis.Pass) (any, error) { return nil, nil },
	FactTypes: []analysis.Fact{new(noFact)},
}

func main() { multichecker.Main(analyzer) }
