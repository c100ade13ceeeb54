package ctxprop

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// IdleContext is the fact ctxprop exports for an exported function whose
// first parameter, a context.Context, its body never reads. A library may
// offer every call in two forms, M and MWithContext, though some of them
// block on nothing: gopsutil's disk.UsageWithContext ignores its context
// and reads the kernel. Such a form does not make its M a sink
// (formBlocks).
type IdleContext struct{}

// AFact marks IdleContext as an analysis fact.
func (*IdleContext) AFact() {}

func (*IdleContext) String() string { return "ignores its context" }

// exportIdleContexts exports IdleContext for the package's functions that
// qualify. It runs before the fast path: a package that reaches no sink
// is just the kind whose context forms are idle.
func exportIdleContexts(pass *analysis.Pass) {
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || !fd.Name.IsExported() {
				continue
			}
			fn, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if fn == nil || contextParam(fn) != 0 {
				continue
			}
			if ctx := fn.Signature().Params().At(0); ctx.Name() == "" || ctx.Name() == "_" || !reads(pass.TypesInfo, fd.Body, ctx) {
				pass.ExportObjectFact(fn, new(IdleContext))
			}
		}
	}
}

// reads reports whether body refers to v.
func reads(info *types.Info, body *ast.BlockStmt, v *types.Var) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && info.Uses[id] == v {
			found = true
		}
		return !found
	})
	return found
}
