package ctxprop

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// SetDependencies makes the packages whose paths dependency accepts count
// as packages of versioned dependency modules, as analysistest's GOPATH
// fixtures carry no module versions. It returns a function that undoes it.
func SetDependencies(dependency func(path string) bool) (undo func()) {
	old := dependencyPath
	dependencyPath = dependency
	return func() { dependencyPath = old }
}

// MayBlockAnalyzer is Analyzer that also reports "may block" at the
// package clause of each package the fast path (mayBlock) does not skip.
var MayBlockAnalyzer = &analysis.Analyzer{
	Name:       "mayblock",
	Doc:        "ctxprop, reporting where the fast path does not apply",
	FactTypes:  Analyzer.FactTypes,
	ResultType: Analyzer.ResultType,
	Run: func(pass *analysis.Pass) (any, error) {
		cfg, err := parseConfig()
		if err != nil {
			return nil, err
		}
		a := &pkgAnalysis{pass: pass, cfg: cfg, info: pass.TypesInfo, stdCache: make(map[*types.Package]stdness)}
		if len(pass.Files) > 0 && a.mayBlock() {
			pass.Reportf(pass.Files[0].Package, "may block")
		}
		return run(pass)
	},
}
