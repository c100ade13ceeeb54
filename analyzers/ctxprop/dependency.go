package ctxprop

import (
	"path/filepath"
	"strings"
)

// dependency reports whether the package belongs to a versioned
// dependency module: code the user does not edit, whose interfaces may
// have implementations the program never configures. There, an interface
// call or a call through a function value is followed only when it has
// exactly one target: a logging library's writer interface would
// otherwise "reach" the TLS dial of a network writer the program never
// sets up. (The whole-program mode needs no such rule: its call graph
// knows which types flow where.)
func (a *pkgAnalysis) dependency() bool {
	if a.isDependency == 0 {
		a.isDependency = 1
		if dependencyPath(a.pass.Pkg.Path()) || a.pass.Module != nil && a.pass.Module.Version != "" || a.inModuleCache() {
			a.isDependency = 2
		}
	}
	return a.isDependency == 2
}

// dependencyPath is a seam for tests, whose GOPATH fixtures have no
// module versions.
var dependencyPath = func(string) bool { return false }

// inModuleCache reports whether the package's files lie in the module
// cache, for drivers that give no module information.
func (a *pkgAnalysis) inModuleCache() bool {
	if len(a.pass.Files) == 0 {
		return false
	}
	name := filepath.ToSlash(a.pass.Fset.Position(a.pass.Files[0].Pos()).Filename)
	return strings.Contains(name, "/pkg/mod/") && strings.Contains(name, "@")
}

// oneTarget keeps a dynamic call's targets in a dependency only when there
// is exactly one, counting sinks and summaries together.
func (a *pkgAnalysis) oneTarget(targets []target, sinks []sinkImpl) ([]target, []sinkImpl) {
	if !a.dependency() || len(targets)+len(sinks) <= 1 {
		return targets, sinks
	}
	return nil, nil
}
