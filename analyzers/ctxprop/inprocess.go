package ctxprop

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// inProcessDrivers are database/sql drivers whose database runs in the
// process: a query reads a local file, with no server to wait on.
var inProcessDrivers = map[string]bool{"sqlite": true, "sqlite3": true, "duckdb": true, "ramsql": true}

// sqlHandles are the database/sql calls that give a handle on the same
// database as their receiver's: a transaction, a statement, a connection.
var sqlHandles = map[string]bool{"Begin": true, "BeginTx": true, "Prepare": true, "PrepareContext": true, "Conn": true}

// inProcessDB reports whether call, a database/sql sink, is made on a
// handle opened with an in-process driver: sql.Open("sqlite3", path),
// found through the locals and unexported fields the handle was stored in
// and the package's functions that return it.
func (a *pkgAnalysis) inProcessDB(call *ast.CallExpr, fn *types.Func) bool {
	if fn.Pkg() == nil || fn.Pkg().Path() != "database/sql" || fn.Signature().Recv() == nil {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && a.opensInProcess(sel.X, map[types.Object]bool{})
}

// opensInProcess reports whether every value e may have is a handle
// opened with an in-process driver. seen holds the variables, fields and
// functions being followed, against cycles.
func (a *pkgAnalysis) opensInProcess(e ast.Expr, seen map[types.Object]bool) bool {
	var values []ast.Expr
	var obj types.Object
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		fn, ok := typeutil.Callee(a.info, e).(*types.Func)
		if !ok {
			return false
		}
		fn = fn.Origin()
		switch {
		case fn.FullName() == "database/sql.Open":
			driver, ok := a.constString(e.Args[0])
			return ok && inProcessDrivers[driver]
		case fn.Pkg() != nil && fn.Pkg().Path() == "database/sql" && fn.Signature().Recv() != nil && sqlHandles[fn.Name()]:
			sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr)
			return ok && a.opensInProcess(sel.X, seen)
		}
		u := a.funcUnits[fn]
		if u == nil || u.decl == nil || !oneHandle(fn.Signature().Results()) {
			return false
		}
		obj, values = fn, a.returned(u)
	case *ast.Ident:
		v, ok := a.objOf(e).(*types.Var)
		if !ok || v.Parent() == v.Pkg().Scope() && v.Exported() || a.isParam(v) {
			return false // set elsewhere: by other packages, by callers
		}
		obj, values = v, a.assigns[v]
	case *ast.SelectorExpr:
		s, ok := a.info.Selections[e]
		if !ok || s.Kind() != types.FieldVal {
			return false
		}
		f := s.Obj().(*types.Var)
		if f.Exported() || f.Pkg() != a.pass.Pkg {
			return false // other packages may set it
		}
		obj, values = f.Origin(), a.fieldValues[f]
	default:
		return false
	}
	if len(values) == 0 || a.addressed[obj] || seen[obj] {
		return false
	}
	seen[obj] = true
	for _, v := range values {
		if !a.opensInProcess(v, seen) {
			return false
		}
	}
	return true
}

// oneHandle reports whether the first of results, and no other, is a
// database/sql handle: a value assigned from a call of such a function
// (h, err := open()) is that result.
func oneHandle(results *types.Tuple) bool {
	for i := range results.Len() {
		t := results.At(i).Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		n, ok := t.(*types.Named)
		isHandle := ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "database/sql"
		if isHandle != (i == 0) {
			return false
		}
	}
	return results.Len() > 0
}

// isParam reports whether v is a parameter of one of the package's
// functions or literals: its values come from the callers.
func (a *pkgAnalysis) isParam(v *types.Var) bool {
	if _, ok := a.params[v]; ok {
		return true
	}
	return a.litParams[v]
}

// returned lists what u's return statements give as its first result, or
// the call whose results they return; nil if any returns otherwise (a
// bare return of named results).
func (a *pkgAnalysis) returned(u *unit) []ast.Expr {
	var out []ast.Expr
	bare := false
	ast.Inspect(u.body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // its returns are its own
		case *ast.ReturnStmt:
			if len(n.Results) == 0 {
				bare = true
			} else {
				out = append(out, n.Results[0])
			}
		}
		return !bare
	})
	if bare {
		return nil
	}
	return out
}
