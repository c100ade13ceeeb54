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

// passedInPlace reports whether every caller of p's function passes, for
// p, a value that the caller itself runs in place at the call
// (callValues): a literal, a named function or method value, a local
// bound to such, or a parameter of its own that its callers pass so. Then
// the function's call through p runs nothing more: its callers say what,
// and resolving it by signature would run every function of the package
// of that shape. The callers must all be in sight: the function is
// unexported, never a value, and no method an interface of the package
// declares.
func (a *pkgAnalysis) passedInPlace(p paramRef) bool {
	if v, ok := a.inPlace[p]; ok {
		return v
	}
	// Only the answer for p is kept: those of the parameters it depends
	// on may rest on the assumption made for p, in a cycle.
	ok := a.findPassedInPlace(p, map[paramRef]bool{})
	put(&a.inPlace, p, ok)
	return ok
}

// findPassedInPlace is passedInPlace, with the parameters being decided:
// a cycle through one of them adds no other value.
func (a *pkgAnalysis) findPassedInPlace(p paramRef, deciding map[paramRef]bool) bool {
	if deciding[p] {
		return true
	}
	if len(deciding) > 4 {
		return false
	}
	deciding[p] = true
	defer delete(deciding, p)
	fn, sig := p.fn, p.fn.Signature()
	if fn.Exported() || a.addrTaken[fn] || len(a.calls[fn]) == 0 || sig.Variadic() && p.i == sig.Params().Len()-1 {
		return false
	}
	if sig.Recv() != nil && a.interfaceDeclares(fn.Name()) {
		return false
	}
	for _, site := range a.calls[fn] {
		call := site.call
		if p.i >= len(call.Args) || call.Ellipsis.IsValid() || methodExprShift(a.info, call.Fun) != 0 {
			return false
		}
		arg := ast.Unparen(call.Args[p.i])
		if _, ok := arg.(*ast.FuncLit); ok {
			continue
		}
		switch obj := a.info.Uses[identOf(arg)].(type) {
		case *types.Func:
			if tv, ok := a.info.Types[arg]; ok && tv.IsValue() {
				continue
			}
		case *types.Var:
			if _, isIdent := arg.(*ast.Ident); !isIdent || obj.Parent() == obj.Pkg().Scope() {
				break
			}
			if a.addressed[obj] {
				break // it may be set through a pointer
			}
			if q, ok := a.params[obj]; ok {
				// Its own parameter, as its callers pass it: not if it
				// may hold something else by the call, nor from a
				// literal that may run later or a loop of its own,
				// whose callers do not run it there.
				if len(a.assigns[obj]) == 0 && site.caller != nil && !site.inLit && !a.inRoot(call) && a.findPassedInPlace(q, deciding) {
					continue
				}
				break
			}
			if _, _, ok := a.boundFuncs(obj); ok {
				continue
			}
		}
		return false
	}
	return true
}

// interfaceDeclares reports whether an interface type of the package has
// a method of that name: a call through it may run a method of
// the name with arguments out of sight.
func (a *pkgAnalysis) interfaceDeclares(name string) bool {
	if a.ifaceMethods == nil {
		a.ifaceMethods = map[string]bool{}
		// Every interface type written in the package: declared at any
		// level, a literal, a constraint.
		for _, tv := range a.info.Types {
			if !tv.IsType() {
				continue
			}
			if it, ok := tv.Type.Underlying().(*types.Interface); ok {
				for m := range it.Methods() {
					a.ifaceMethods[m.Name()] = true
				}
			}
		}
	}
	return a.ifaceMethods[name]
}
