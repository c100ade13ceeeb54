package ctxprop

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/ctxlint/ctxlint/internal/ctxtypes"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

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
	var cands []*candidate
	idle := map[*types.Func]bool{}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if fn == nil || ctxtypes.ContextParam(fn.Signature()) != 0 {
				continue
			}
			cands = append(cands, &candidate{fn, fn.Signature().Params().At(0), fd.Body})
			idle[fn] = true
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
			return idle[fn]
		}
		var f IdleContext
		return pass.ImportObjectFact(fn, &f) && f.Unless.Cond == ""
	}
	named := func(c *candidate) bool { return c.ctx.Name() != "" && c.ctx.Name() != "_" }
	// Each round drops the functions that use their context otherwise;
	// recursion through the set keeps a function in.
	for changed := true; changed; {
		changed = false
		for _, c := range cands {
			if idle[c.fn] && named(c) && len(unpassed(pass.TypesInfo, c.body, c.ctx, isIdle, false)) > 0 {
				delete(idle, c.fn)
				changed = true
			}
		}
	}
	for _, c := range cands {
		if !c.fn.Exported() {
			continue
		}
		if idle[c.fn] {
			pass.ExportObjectFact(c.fn, new(IdleContext))
			continue
		}
		// The branch is told for the twin M's sake, whose caller's
		// argument decides it: only where M hands its own on unchanged.
		m := twin(c.fn)
		if m == nil || !forwards(pass.TypesInfo, declBody(pass, m), m, c.fn) {
			continue
		}
		if g, ok := usedOnlyUnder(pass.TypesInfo, c.fn, c.body, unpassed(pass.TypesInfo, c.body, c.ctx, isIdle, true)); ok {
			pass.ExportObjectFact(c.fn, &IdleContext{Unless: g})
		}
	}
}

// twin returns M for a context form MWithContext or MContext: the
// function beside it, or the method of the same receiver, that takes no
// context (contextForm's converse).
func twin(form *types.Func) *types.Func {
	for _, suffix := range []string{"WithContext", "Context"} {
		name, ok := strings.CutSuffix(form.Name(), suffix)
		if !ok || name == "" {
			continue
		}
		var obj types.Object
		if recv := form.Signature().Recv(); recv != nil {
			obj, _, _ = types.LookupFieldOrMethod(recv.Type(), true, form.Pkg(), name)
		} else {
			obj = form.Pkg().Scope().Lookup(name)
		}
		if m, ok := obj.(*types.Func); ok && ctxtypes.ContextParam(m.Signature()) < 0 {
			return m
		}
	}
	return nil
}

// declBody returns the body of fn, declared in the package.
func declBody(pass *analysis.Pass, fn *types.Func) *ast.BlockStmt {
	for _, f := range pass.Files {
		if f.FileStart <= fn.Pos() && fn.Pos() < f.FileEnd {
			for _, d := range f.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && pass.TypesInfo.Defs[fd.Name] == fn {
					return fd.Body
				}
			}
		}
	}
	return nil
}

// forwards reports whether m's body is only a call of form with a context
// first and then m's parameters, in order and unchanged (gopsutil's
// Percent(interval) returning PercentWithContext(context.Background(),
// interval)): a call of m decides form's branches as a call of form with
// the same arguments would.
func forwards(info *types.Info, body *ast.BlockStmt, m, form *types.Func) bool {
	if body == nil || len(body.List) != 1 || m.Signature().Variadic() {
		return false
	}
	var call *ast.CallExpr
	switch st := body.List[0].(type) {
	case *ast.ReturnStmt:
		if len(st.Results) == 1 {
			call, _ = ast.Unparen(st.Results[0]).(*ast.CallExpr)
		}
	case *ast.ExprStmt:
		call, _ = ast.Unparen(st.X).(*ast.CallExpr)
	}
	if call == nil || call.Ellipsis.IsValid() {
		return false
	}
	if callee, _ := typeutil.Callee(info, call).(*types.Func); callee == nil || callee.Origin() != form {
		return false
	}
	params := m.Signature().Params()
	if len(call.Args) != params.Len()+1 {
		return false
	}
	for i, arg := range call.Args[1:] {
		id, ok := ast.Unparen(arg).(*ast.Ident)
		if !ok || info.Uses[id] != params.At(i) {
			return false
		}
	}
	return true
}

// usedOnlyUnder returns the guard of the one branch, chosen by a
// parameter of fn of a basic type, that holds every use in uses: an if
// statement's body or else, or the rest of a block after an if whose body
// returns. The parameter must keep its caller's value: fn never assigns
// it or takes its address, even to call a method.
func usedOnlyUnder(info *types.Info, fn *types.Func, body *ast.BlockStmt, uses []*ast.Ident) (guard, bool) {
	params := fn.Signature().Params()
	param := func(e ast.Expr) (int, bool) {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return 0, false
		}
		for i := range params.Len() {
			if v := params.At(i); info.Uses[id] == v && isBasic(v.Type()) {
				return i, true
			}
		}
		return 0, false
	}
	sc := scanBranches(info, body, param, param, nil)
	written := func(p int) bool { return len(sc.writes[p]) > 0 || sc.addr[p] }
	var common *guard
	for _, id := range uses {
		var in *guardRegion // the innermost
		for i := range sc.cands {
			if r := &sc.cands[i].r; r.pos <= id.Pos() && id.Pos() < r.end && (in == nil || r.pos > in.pos) {
				in = r
			}
		}
		if in == nil || written(in.g.Param) || common != nil && common.compare(in.g) != 0 {
			return guard{}, false
		}
		common = &in.g
	}
	if common == nil {
		return guard{}, false
	}
	return *common, true
}

// unpassed returns body's uses of v other than as the first argument of
// calls of functions idle accepts: all of them, or only the first.
func unpassed(info *types.Info, body *ast.BlockStmt, v *types.Var, idle func(*types.Func) bool, all bool) []*ast.Ident {
	passed := map[*ast.Ident]bool{}
	var out []*ast.Ident
	ast.Inspect(body, func(n ast.Node) bool {
		if len(out) > 0 && !all {
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
				out = append(out, n)
			}
		}
		return true
	})
	return out
}
