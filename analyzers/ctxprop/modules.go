package ctxprop

import (
	"go/types"
	"path/filepath"
	"strings"
	"sync"
)

// Whose code a function is: the analysed module's, another module's, or
// the standard library's.

// otherModule reports whether fn belongs to another module than the
// package under analysis (and not to the standard library).
func (a *pkgAnalysis) otherModule(fn *types.Func) bool {
	return !a.isStdPkg(fn.Pkg()) && a.otherModulePath(fn.Pkg().Path())
}

func (a *pkgAnalysis) otherModulePath(path string) bool {
	if m := a.pass.Module; m != nil && m.Path != "" {
		return path != m.Path && !strings.HasPrefix(path, m.Path+"/")
	}
	return modulePrefix(path) != modulePrefix(a.pass.Pkg.Path())
}

// modulePrefix guesses a module path from a package path, for drivers that
// give no module information.
func modulePrefix(path string) string {
	parts := strings.Split(path, "/")
	n := 1
	if strings.Contains(parts[0], ".") {
		n = 2
		switch parts[0] {
		case "github.com", "gitlab.com", "bitbucket.org", "golang.org", "go.googlesource.com":
			n = 3
		}
	}
	if n > len(parts) {
		n = len(parts)
	}
	return strings.Join(parts[:n], "/")
}

// isStdPkg reports whether pkg is in the standard library: its files lie
// under GOROOT, or, without positions, its path has no dot.
func (a *pkgAnalysis) isStdPkg(pkg *types.Package) bool { return a.stdness(pkg).std }

// stdness says whether pkg is in the standard library, and whether its
// files' position said so (sure) or only its path did: a package that
// declares nothing, such as one that only links others in with blank
// imports, has no position to tell.
func (a *pkgAnalysis) stdness(pkg *types.Package) stdness {
	if s, ok := a.stdCache[pkg]; ok {
		return s
	}
	// Whether a path is in the standard library does not change during a
	// process: remember it across passes.
	if s, ok := stdPaths.Load(pkg.Path()); ok {
		a.stdCache[pkg] = s.(stdness)
		return s.(stdness)
	}
	s := stdness{std: !strings.Contains(strings.Split(pkg.Path(), "/")[0], ".")}
	if sc := pkg.Scope(); sc.Len() > 0 {
		if obj := sc.Lookup(sc.Names()[0]); obj.Pos().IsValid() {
			s = stdness{std: strings.HasPrefix(filepath.ToSlash(a.pass.Fset.Position(obj.Pos()).Filename), goroot), sure: true}
			stdPaths.Store(pkg.Path(), s)
		}
	}
	a.stdCache[pkg] = s
	return s
}

type stdness struct{ std, sure bool }

var stdPaths sync.Map // import path -> stdness decided by position
