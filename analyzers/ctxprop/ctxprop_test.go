package ctxprop_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
)

func TestRoots(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), ctxprop.Analyzer, "roots", "ddagent")
}

func TestInterprocedural(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), ctxprop.Analyzer, "interproc")
}

func TestAcrossPackages(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), ctxprop.Analyzer, "chain/a")
}

func TestDynamic(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), ctxprop.Analyzer, "dyn/loop")
}

func TestSuppression(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), ctxprop.Analyzer, "suppress", "generated", "iterseq")
}

func TestSuggestedFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), ctxprop.Analyzer, "fixes")
}
