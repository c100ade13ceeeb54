package ctxprop

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

// IdleContext is the fact ctxprop exports for an exported function whose
// first parameter, a context.Context, does nothing: its body never reads
// it but to pass it, first, to functions whose context does nothing, of
// its package or carrying this fact. A
// library may offer every call in two forms, M and MWithContext, though
// some of them block on nothing: gopsutil's disk.UsageWithContext ignores
// its context and reads the kernel; process's CmdlineWithContext hands it
// to a reader of /proc that ignores it. Such a form does not make its M a
// sink (formBlocks).
type IdleContext struct{}

// AFact marks IdleContext as an analysis fact.
func (*IdleContext) AFact() {}

func (*IdleContext) String() string { return "ignores its context" }

// exportIdleContexts exports IdleContext for the package's functions that
// qualify: the greatest set of functions taking a context first whose
// every use of it is as the first argument of a call to one in the set,
// or to an imported function with the fact.
// It runs before the fast path: a
// package that reaches no sink is just the kind whose forms are idle.
func exportIdleContexts(pass *analysis.Pass) {
	type candidate struct {
		fn   *types.Func
		ctx  *types.Var
		body *ast.BlockStmt
	}
	idle := map[*types.Func]*candidate{}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if fn == nil || contextParam(fn) != 0 {
				continue
			}
			idle[fn] = &candidate{fn, fn.Signature().Params().At(0), fd.Body}
		}
	}
	// A function of another package counts when its own package found
	// it idle: gopsutil's process forms hand their context to its
	// internal package's readers of /proc. (Idle is not harmless: a
	// form that reaches a sink still blocks, formBlocks.)
	isIdle := func(fn *types.Func) bool {
		if fn == nil {
			return false
		}
		if fn.Pkg() == pass.Pkg {
			return idle[fn] != nil
		}
		return pass.ImportObjectFact(fn, new(IdleContext))
	}
	// Each round drops the functions that use their context otherwise;
	// recursion through the set keeps a function in.
	for changed := true; changed; {
		changed = false
		for fn, c := range idle {
			if c.ctx.Name() != "" && c.ctx.Name() != "_" && !onlyPassed(pass.TypesInfo, c.body, c.ctx, isIdle) {
				delete(idle, fn)
				changed = true
			}
		}
	}
	for fn := range idle {
		if fn.Exported() {
			pass.ExportObjectFact(fn, new(IdleContext))
		}
	}
}

// onlyPassed reports whether body uses v only as the first argument of
// calls of functions idle accepts.
func onlyPassed(info *types.Info, body *ast.BlockStmt, v *types.Var, idle func(*types.Func) bool) bool {
	passed := map[*ast.Ident]bool{}
	ok := true
	ast.Inspect(body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.CallExpr:
			if len(n.Args) > 0 {
				if id, isID := ast.Unparen(n.Args[0]).(*ast.Ident); isID && info.Uses[id] == v {
					fn, _ := typeutil.Callee(info, n).(*types.Func)
					if fn != nil && idle(fn.Origin()) {
						passed[id] = true
					}
				}
			}
		case *ast.Ident:
			if info.Uses[n] == v && !passed[n] {
				ok = false
			}
		}
		return true
	})
	return ok
}
