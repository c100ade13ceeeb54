package apply

import (
	"fmt"
	"go/ast"
	"go/types"

	"github.com/ctxlint/ctxlint/internal/ctxtypes"
	"github.com/ctxlint/ctxlint/rewrite/internal/source"
)

// shadowsContext reports whether the file declares something else named
// context, so the package must be imported under another name.
func shadowsContext(f *source.File) bool {
	shadow := false
	ast.Inspect(f.Syntax, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == "context" {
			if obj := f.Pkg.TypesInfo.Defs[id]; obj != nil {
				if _, ok := obj.(*types.PkgName); !ok {
					shadow = true
				}
			}
		}
		return !shadow
	})
	if !shadow {
		// A package-level declaration in another file of the package.
		if obj := f.Pkg.Types.Scope().Lookup("context"); obj != nil {
			shadow = true
		}
	}
	return shadow
}

// resolver names packages by their loaded package clauses: no guessing
// (which breaks /v2 and gopkg.in paths) and no loading.
func (e *edit) resolver() resolverFunc {
	if e.names == nil {
		e.names = map[string]string{"context": "context", "time": "time", "net": "net", "net/http": "http", "os/exec": "exec", ctxtypes.HealthPath: "health", "C": "C"}
		for _, pkg := range e.p.Pkgs {
			if pkg.Name != "" {
				e.names[pkg.PkgPath] = pkg.Name
			}
		}
	}
	names := e.names
	return func(path string) (string, error) {
		if n, ok := names[path]; ok {
			return n, nil
		}
		return "", fmt.Errorf("package %s is not loaded", path)
	}
}

type resolverFunc func(path string) (string, error)

func (r resolverFunc) ResolvePackage(path string) (string, error) { return r(path) }
