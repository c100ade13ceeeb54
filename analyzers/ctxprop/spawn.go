package ctxprop

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
)

// startedParams returns the indices of decl's function parameters that its
// body does not run during the call: it calls them only in go statements
// (go f(), or go func() { ... f() ... }()) when it waits for no goroutine,
// or only stores them (in a variable, field, map, slice or composite
// literal, for a later call: Register(name, f)). Any other use (a call in
// place, a deferred call, passing it on) may run it during the call: the
// parameter is then taken as run in place.
func startedParams(info *types.Info, decl *ast.FuncDecl) []int {
	if decl.Body == nil || decl.Type.Params == nil {
		return nil
	}
	var index map[*types.Var]int // most functions take no function
	i := 0
	for _, field := range decl.Type.Params.List {
		if len(field.Names) == 0 {
			i++
		}
		for _, id := range field.Names {
			if v, ok := info.Defs[id].(*types.Var); ok {
				if _, ok := typeUnder(v.Type()).(*types.Signature); ok {
					put(&index, v, i)
				}
			}
			i++
		}
	}
	nparams := i
	if len(index) == 0 {
		return nil
	}
	started := make(map[int]bool)
	stored := make(map[int]bool)
	inPlace := make(map[int]bool)
	param := func(e ast.Expr) (int, bool) {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok {
				i, ok := index[v]
				return i, ok
			}
		}
		return 0, false
	}
	var visit func(n ast.Node, async bool)
	visit = func(n ast.Node, async bool) {
		ast.Inspect(n, func(n ast.Node) bool {
			var call *ast.CallExpr
			funAsync := async
			switch n := n.(type) {
			case *ast.GoStmt:
				// What runs in the new goroutine is the call's function;
				// the arguments are evaluated before it starts. One the
				// function waits for on a channel runs during the call.
				call, funAsync = n.Call, !waitedOnChannel(info, decl.Body, n, nil)
			case *ast.CallExpr:
				call = n
				if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok {
					if b, ok := info.Uses[id].(*types.Builtin); ok && b.Name() == "append" {
						for _, arg := range n.Args {
							if i, ok := param(arg); ok {
								stored[i] = true
							} else {
								visit(arg, async)
							}
						}
						return false
					}
				}
			case *ast.AssignStmt:
				for _, lhs := range n.Lhs {
					visit(lhs, async)
				}
				for _, rhs := range n.Rhs {
					if i, ok := param(rhs); ok {
						stored[i] = true // kept for later: not run now
					} else {
						visit(rhs, async)
					}
				}
				return false
			case *ast.CompositeLit:
				for _, elt := range n.Elts {
					if kv, ok := elt.(*ast.KeyValueExpr); ok {
						visit(kv.Key, async)
						elt = kv.Value
					}
					if i, ok := param(elt); ok {
						stored[i] = true
					} else {
						visit(elt, async)
					}
				}
				return false
			case *ast.Ident:
				if i, ok := param(n); ok {
					inPlace[i] = true // a use other than a call
				}
				return true
			default:
				return true
			}
			if i, ok := param(call.Fun); !ok {
				visit(call.Fun, funAsync)
			} else if funAsync {
				started[i] = true
			} else {
				inPlace[i] = true
			}
			for _, arg := range call.Args {
				visit(arg, async)
			}
			return false
		})
	}
	visit(decl.Body, false)
	if len(started)+len(stored) == 0 {
		return nil
	}
	joins := len(started) > 0 && waitsForGoroutines(info, decl.Body)
	var out []int
	for i := range nparams {
		runsNow := inPlace[i] || started[i] && joins
		if (started[i] || stored[i]) && !runsNow {
			out = append(out, i)
		}
	}
	slices.Sort(out)
	return out
}

// startsParam reports whether fn runs its parameter i only in goroutines it
// does not wait for.
func (a *pkgAnalysis) startsParam(fn *types.Func, i int) bool {
	fn = fn.Origin()
	params, ok := a.started[fn]
	if !ok {
		if fn.Pkg() == a.pass.Pkg {
			if u := a.funcUnits[fn]; u != nil {
				params = startedParams(a.info, u.decl)
			}
		} else {
			var s Starts
			if a.pass.ImportObjectFact(fn, &s) {
				params = s.Params
			}
		}
		put(&a.started, fn, params)
	}
	return slices.Contains(params, i)
}

// exportStarts attaches a Starts fact to the package's functions that
// start a parameter. It runs before the fast path: a helper package that
// reaches no sink still decides whether its callers block.
func exportStarts(pass *analysis.Pass) {
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			decl, ok := d.(*ast.FuncDecl)
			if !ok || decl.Body == nil {
				continue
			}
			if fn, ok := pass.TypesInfo.Defs[decl.Name].(*types.Func); ok {
				if params := startedParams(pass.TypesInfo, decl); len(params) > 0 {
					pass.ExportObjectFact(fn, &Starts{Params: params})
				}
			}
		}
	}
}

// joinedLater reports whether the function started as parameter i of a
// call of callee, a method of the package, is waited for later in the
// unit: callee starts it in a goroutine that marks a WaitGroup field of
// its receiver done, and the unit calls, on the same receiver, a method
// that waits on that field (tc.call(job); ...; tc.wait()): a throttled
// caller, a worker group of the package's own.
func (w *walker) joinedLater(call *ast.CallExpr, callee *types.Func, i int) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	recv, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return false
	}
	obj := w.a.objOf(recv)
	waiters := w.a.waiters(callee.Origin(), i)
	if obj == nil || len(waiters) == 0 {
		return false
	}
	joined := false
	// The unit's own calls: not those in a goroutine, nor in a literal
	// that may run later.
	ast.Inspect(w.u.body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.GoStmt, *ast.FuncLit:
			return false
		}
		if c, ok := n.(*ast.CallExpr); ok && !joined && c.Pos() > call.Pos() {
			if s, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr); ok {
				if x, ok := ast.Unparen(s.X).(*ast.Ident); ok && w.a.objOf(x) == obj {
					fn, _ := w.a.info.Uses[s.Sel].(*types.Func)
					joined = fn != nil && slices.Contains(waiters, fn.Origin())
				}
			}
		}
		return !joined
	})
	return joined
}

// inlineBound inlines the literals a local bound to arg holds, when it
// holds only literals: a job a throttled caller runs and the unit waits
// for runs with the unit's variables (the context it captures), as a
// literal passed in place does.
func (w *walker) inlineBound(arg ast.Expr, call *ast.CallExpr) bool {
	id, ok := ast.Unparen(arg).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := w.a.objOf(id).(*types.Var)
	if !ok || v.Parent() == v.Pkg().Scope() {
		return false
	}
	refs, lits, ok := w.a.boundFuncs(v)
	if !ok {
		return false
	}
	for _, r := range refs {
		lit, ok := r.(*ast.FuncLit)
		if !ok {
			return false
		}
		lits = append(lits, lit)
	}
	w.via = append(w.via, arg.Pos())
	for _, lit := range lits {
		w.inline(lit, call)
	}
	w.via = w.via[:len(w.via)-1]
	return true
}

// waiters returns the methods of fn's receiver type that wait for the
// goroutines fn starts running its parameter i, when fn marks them done on
// a sync.WaitGroup field of its receiver.
func (a *pkgAnalysis) waiters(fn *types.Func, i int) []*types.Func {
	key := paramRef{fn, i}
	if ws, ok := a.waitersOf[key]; ok {
		return ws
	}
	ws := a.findWaiters(fn, i)
	put(&a.waitersOf, key, ws)
	return ws
}

func (a *pkgAnalysis) findWaiters(fn *types.Func, i int) []*types.Func {
	u := a.funcUnits[fn]
	named := recvNamed(fn)
	if u == nil || u.decl == nil || u.decl.Body == nil || named == nil || i >= fn.Signature().Params().Len() {
		return nil
	}
	param := fn.Signature().Params().At(i)
	// wgField returns the WaitGroup field x.f names, when x is recv and
	// m is the method called on it (x.f.Done()).
	wgField := func(c *ast.CallExpr, recv *types.Var, m string) *types.Var {
		info := a.info
		s, ok := ast.Unparen(c.Fun).(*ast.SelectorExpr)
		if !ok || s.Sel.Name != m {
			return nil
		}
		if x, ok := ast.Unparen(s.X).(*ast.Ident); ok && info.Uses[x] == recv {
			// x.Done() of a WaitGroup the receiver's type embeds.
			if sel, ok := info.Selections[s]; ok && sel.Kind() == types.MethodVal {
				if f := embeddedField(sel); f != nil && (isNamed(f.Type(), "sync", "WaitGroup") || isNamedPtr(f.Type(), "sync", "WaitGroup")) {
					return f
				}
			}
			return nil
		}
		f, ok := ast.Unparen(s.X).(*ast.SelectorExpr)
		if !ok {
			return nil
		}
		if x, ok := ast.Unparen(f.X).(*ast.Ident); !ok || info.Uses[x] != recv {
			return nil
		}
		if sel, ok := info.Selections[f]; ok && sel.Kind() == types.FieldVal {
			if v := sel.Obj().(*types.Var); isNamed(v.Type(), "sync", "WaitGroup") || isNamedPtr(v.Type(), "sync", "WaitGroup") {
				return v.Origin()
			}
		}
		return nil
	}
	recvOf := func(decl *ast.FuncDecl) *types.Var {
		if decl.Recv == nil || len(decl.Recv.List) == 0 || len(decl.Recv.List[0].Names) == 0 {
			return nil
		}
		v, _ := a.info.Defs[decl.Recv.List[0].Names[0]].(*types.Var)
		return v
	}
	recv := recvOf(u.decl)
	if recv == nil {
		return nil
	}
	// The fields the goroutines running the parameter mark done.
	var fields []*types.Var
	ast.Inspect(u.decl.Body, func(n ast.Node) bool {
		g, ok := n.(*ast.GoStmt)
		if !ok {
			return true
		}
		lit, ok := ast.Unparen(g.Call.Fun).(*ast.FuncLit)
		if !ok {
			return false
		}
		runs := false
		var done []*types.Var
		ast.Inspect(lit.Body, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok {
				if id, ok := ast.Unparen(c.Fun).(*ast.Ident); ok && a.info.Uses[id] == param {
					runs = true
				}
				if f := wgField(c, recv, "Done"); f != nil {
					done = append(done, f)
				}
			}
			return true
		})
		if runs {
			fields = append(fields, done...)
		}
		return false
	})
	if len(fields) == 0 {
		return nil
	}
	var out []*types.Func
	for _, m := range a.units {
		if m.fn == nil || m.decl == nil || m.decl.Body == nil || recvNamed(m.fn) != named {
			continue
		}
		r := recvOf(m.decl)
		if r == nil {
			continue
		}
		ast.Inspect(m.decl.Body, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok && !slices.Contains(out, m.fn) {
				if f := wgField(c, r, "Wait"); f != nil && slices.Contains(fields, f) {
					out = append(out, m.fn)
				}
			}
			return true
		})
	}
	return out
}
