// Package ctxtypes holds what ctxlint's analyzers and its rewriter must
// agree on about Go source: which type is a context, which parameter takes
// it, and which name a file imports a package under. One copy, so that a
// path ctxprop reports is the path rewrite threads.
package ctxtypes

import (
	"go/ast"
	"go/types"
	"strconv"
	"strings"
)

// HealthPath is the import path of ctxlint's health runtime, whose ticks
// carry the deadline a monitored loop must answer by.
const HealthPath = "github.com/ctxlint/ctxlint/runtime/health"

// IsContext reports whether t is context.Context, also through an alias
// such as golang.org/x/net/context.Context.
func IsContext(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context"
}

// ContextParam is the index of sig's first context.Context parameter, or
// -1.
func ContextParam(sig *types.Signature) int {
	params := sig.Params()
	for i := range params.Len() {
		if IsContext(params.At(i).Type()) {
			return i
		}
	}
	return -1
}

// ParamIndex is the index of obj among ft's parameters, with the field that
// declares it, or -1 and nil if obj is not one of them. An unnamed
// parameter counts as one.
func ParamIndex(info *types.Info, ft *ast.FuncType, obj types.Object) (int, *ast.Field) {
	if ft == nil || ft.Params == nil || obj == nil {
		return -1, nil
	}
	i := 0
	for _, field := range ft.Params.List {
		if len(field.Names) == 0 {
			i++
			continue
		}
		for _, id := range field.Names {
			if info.Defs[id] == obj {
				return i, field
			}
			i++
		}
	}
	return -1, nil
}

// Import is an import's path and the name it binds in its file: its own,
// or the path's last element (the package's name, by convention).
func Import(imp *ast.ImportSpec) (path, name string) {
	path, _ = strconv.Unquote(imp.Path.Value)
	if imp.Name != nil {
		return path, imp.Name.Name
	}
	return path, path[strings.LastIndex(path, "/")+1:]
}

// ImportedAs is the name f imports path under ("_" and "." included), or
// "" if it does not import it.
func ImportedAs(f *ast.File, path string) string {
	for _, imp := range f.Imports {
		if p, name := Import(imp); p == path {
			return name
		}
	}
	return ""
}
