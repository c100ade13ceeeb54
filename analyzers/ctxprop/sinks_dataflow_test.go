package ctxprop_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
)

// TestSinks checks the curated model of blocking calls: what is reported
// without the loop's deadline and what is clean with it.
func TestSinks(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), ctxprop.Analyzer, "sinks")
}

// TestDataflow checks where a context's boundedness comes from: the
// health tick, or a reason it is not.
func TestDataflow(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), ctxprop.Analyzer, "dataflow")
}
