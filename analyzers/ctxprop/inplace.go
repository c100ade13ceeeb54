package ctxprop

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// A function literal passed to a call, or bound to a local that is only
// called or passed, runs where it is passed: the caller inlines it with
// its own variables (callValues), and the context it captures is the
// caller's. With the whole program's call graph such a literal is also a
// unit of its own, a callee of the helper's dynamic call. A call through
// a function value resolved by signature must not run it from elsewhere,
// analysed alone, where its captured context is only "a parameter of an
// enclosing function" and the chain goes through a literal of another
// function: unless the helper may keep it for later (stores it, or is of
// another package, whose body is not in sight).

// litHome records, for a literal that is not stored, what it is handed to.
func (a *pkgAnalysis) litHome(u *unit, parent ast.Node) {
	switch p := parent.(type) {
	case *ast.CallExpr:
		for i, arg := range p.Args {
			if ast.Unparen(arg) == u.lit {
				u.passedTo, u.arg = p, i
			}
		}
	case *ast.AssignStmt:
		for i, r := range p.Rhs {
			if r == u.lit && len(p.Lhs) == len(p.Rhs) {
				if id, ok := p.Lhs[i].(*ast.Ident); ok {
					u.boundTo, _ = a.objOf(id).(*types.Var)
				}
			}
		}
	}
}

// runsOnlyInPlace reports whether literal unit u can only run during the
// calls it is handed to: each is of a function of the package that only
// calls that parameter, and a local it is bound to is only called or
// handed to such calls.
func (a *pkgAnalysis) runsOnlyInPlace(u *unit) bool {
	if u.inPlace == 0 {
		u.inPlace = 1
		if a.findRunsOnlyInPlace(u) {
			u.inPlace = 2
		}
	}
	return u.inPlace == 2
}

func (a *pkgAnalysis) findRunsOnlyInPlace(u *unit) bool {
	if u.passedTo != nil {
		return a.onlyCalledAt(u.passedTo, u.arg)
	}
	v := u.boundTo
	if v == nil || u.decl == nil || a.addressed[v] || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
		return false
	}
	return a.everyUse(u.decl.Body, v, true, func(call *ast.CallExpr, arg int) bool {
		return arg < 0 || a.onlyCalledAt(call, arg)
	})
}

// everyUse reports whether each use of obj in body is in a call that ok
// accepts, as the function called (arg -1) or as argument arg. A use in a
// function literal, which may run after body's call, is accepted only
// when inLits.
func (a *pkgAnalysis) everyUse(body ast.Node, obj types.Object, inLits bool, ok func(call *ast.CallExpr, arg int) bool) bool {
	accepted := map[*ast.Ident]bool{}
	uses, lits := 0, 0
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			if _, isLit := stack[len(stack)-1].(*ast.FuncLit); isLit {
				lits--
			}
			stack = stack[:len(stack)-1]
			return true
		}
		stack = append(stack, n)
		switch n := n.(type) {
		case *ast.FuncLit:
			lits++
		case *ast.CallExpr:
			if lits > 0 && !inLits {
				break
			}
			if id, isID := ast.Unparen(n.Fun).(*ast.Ident); isID && a.info.Uses[id] == obj && ok(n, -1) {
				accepted[id] = true
			}
			for i, arg := range n.Args {
				if id, isID := ast.Unparen(arg).(*ast.Ident); isID && a.info.Uses[id] == obj && ok(n, i) {
					accepted[id] = true
				}
			}
		case *ast.Ident:
			if a.info.Uses[n] == obj {
				uses++
			}
		}
		return true
	})
	return uses == len(accepted)
}

// inRoot reports whether n lies in a monitored loop's iteration.
func (a *pkgAnalysis) inRoot(n ast.Node) bool {
	for _, r := range a.regions {
		if contains(r, n) {
			return true
		}
	}
	return false
}

// onlyCalledAt reports whether argument i of call goes to a parameter of
// a function of the package whose body only calls it.
func (a *pkgAnalysis) onlyCalledAt(call *ast.CallExpr, i int) bool {
	fn := typeutil.StaticCallee(a.info, call)
	if fn == nil || fn.Pkg() != a.pass.Pkg || call.Ellipsis.IsValid() || methodExprShift(a.info, call.Fun) != 0 {
		return false
	}
	fn = fn.Origin()
	sig := fn.Signature()
	if i >= sig.Params().Len() || sig.Variadic() && i == sig.Params().Len()-1 {
		return false
	}
	key := paramRef{fn, i}
	if v, ok := a.onlyCalled[key]; ok {
		return v
	}
	ok := false
	if g := a.funcUnits[fn]; g != nil && g.decl != nil {
		// Called in its own body: not in a literal, which may run
		// after the call that passed it (a decorator, a worker it
		// builds), nor in a loop of its own, which runs it on.
		ok = a.everyUse(g.decl.Body, sig.Params().At(i), false, func(call *ast.CallExpr, arg int) bool {
			return arg < 0 && !a.inRoot(call)
		})
	}
	put(&a.onlyCalled, key, ok)
	return ok
}
