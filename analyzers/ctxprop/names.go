package ctxprop

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/types/typeutil"
)

// Names: a monitored loop is named after the component whose handle it
// reads, from the registration call that made the handle (component),
// followed through locals, parameters, fields, setters and getters. What
// the package declares that holds a handle carries the name to importing
// packages in a HandleName fact; a handle that is a parameter is named by
// its callers in other packages (Result.HandleArgs).

// component names the component a handle belongs to and its kind, from the
// registration call that made it, followed through locals, parameters and
// struct fields.
func (a *pkgAnalysis) component(handle ast.Expr, stack []ast.Node, depth int) (name, kind string) {
	if n, k, ok := a.registration(handle, enclosingDecl(stack), depth); ok {
		return n, k
	}
	return "component of " + types.ExprString(handle), "health"
}

func (a *pkgAnalysis) registration(e ast.Expr, decl *ast.FuncDecl, depth int) (name, kind string, ok bool) {
	if depth > 4 || e == nil {
		return "", "", false
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.StarExpr:
		return a.registration(x.X, decl, depth+1)
	case *ast.CallExpr:
		if n, k, ok := a.registrationCall(x); ok {
			return n, k, true
		}
		// A getter: what it returns, here or by its fact.
		if fn, ok := typeutil.Callee(a.info, x).(*types.Func); ok {
			if n, k, ok := a.importedRegistration(fn.Origin()); ok {
				return n, k, true
			}
			if fn.Pkg() == a.pass.Pkg {
				return a.objRegistration(fn.Origin(), depth)
			}
		}
	case *ast.SelectorExpr:
		if s, ok := a.info.Selections[x]; ok && s.Kind() == types.FieldVal {
			if n, k, ok := a.importedRegistration(s.Obj()); ok {
				return n, k, true
			}
			for _, v := range a.fieldValues[s.Obj().(*types.Var)] {
				if n, k, ok := a.registration(v, nil, depth+1); ok {
					return n, k, true
				}
			}
		} else if v, ok := a.info.Uses[x.Sel].(*types.Var); ok {
			return a.importedRegistration(v) // pkg.Var
		}
	case *ast.Ident:
		obj := a.objOf(x)
		v, isVar := obj.(*types.Var)
		if !isVar {
			return "", "", false
		}
		i, fn := paramIndex(v, decl, a.info)
		if p, ok := a.params[v]; ok && fn == nil {
			i, fn = p.i, p.fn // a parameter stored in a field: a setter
		}
		if fn != nil {
			for _, site := range a.calls[fn] {
				args := site.call.Args
				if i < len(args) && site.caller != nil {
					if n, k, ok := a.registration(args[i], site.caller, depth+1); ok {
						return n, k, true
					}
				}
			}
			return "", "", false
		}
		for _, val := range a.assigns[obj] {
			if n, k, ok := a.registration(val, decl, depth+1); ok {
				return n, k, true
			}
		}
	}
	return "", "", false
}

// registrationCall recognises RegisterLiveness/Readiness/Startup (function
// or *Catalog method) of a health package, Register(kind, name), and the
// functions of -ctxprop.register.
func (a *pkgAnalysis) registrationCall(call *ast.CallExpr) (name, kind string, ok bool) {
	fn, _ := typeutil.Callee(a.info, call).(*types.Func)
	if fn == nil {
		return "", "", false
	}
	arg := func(i int) ast.Expr {
		if i < len(call.Args) {
			return call.Args[i]
		}
		return nil
	}
	if a.cfg.register[fn.Origin().FullName()] {
		return a.describeName(arg(0)), fn.Name(), true
	}
	if !isHealthPkg(fn.Pkg()) {
		return "", "", false
	}
	switch fn.Name() {
	case "RegisterLiveness":
		return a.describeName(arg(0)), "liveness", true
	case "RegisterReadiness":
		return a.describeName(arg(0)), "readiness", true
	case "RegisterStartup":
		return a.describeName(arg(0)), "startup", true
	case "Register":
		kind := "health"
		if id := identOf(ast.Unparen(arg(0))); id != nil {
			kind = strings.ToLower(id.Name)
		}
		return a.describeName(arg(1)), kind, true
	}
	return "", "", false
}

// declaresHandles reports whether the package declares a package-level
// variable, a function result or a field of a package-level struct type
// that holds a handle: what exportHandleNames may name.
func (a *pkgAnalysis) declaresHandles() bool {
	found := false
	a.handleDecls(func(types.Object) bool { found = true; return false })
	return found
}

// handleDecls calls yield with each package-level variable, function and
// struct field of the package that holds a handle, until it returns false.
func (a *pkgAnalysis) handleDecls(yield func(types.Object) bool) {
	scope := a.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		switch obj := scope.Lookup(name).(type) {
		case *types.Var:
			if a.isHandleType(obj.Type()) && !yield(obj) {
				return
			}
		case *types.Func:
			if res := obj.Signature().Results(); res.Len() == 1 && a.isHandleType(res.At(0).Type()) && !yield(obj) {
				return
			}
		case *types.TypeName:
			named, ok := obj.Type().(*types.Named)
			if !ok {
				continue
			}
			for m := range named.Methods() {
				if res := m.Signature().Results(); res.Len() == 1 && a.isHandleType(res.At(0).Type()) && !yield(m) {
					return
				}
			}
			if st, ok := named.Underlying().(*types.Struct); ok {
				for f := range st.Fields() {
					if a.isHandleType(f.Type()) && !yield(f) {
						return
					}
				}
			}
		}
	}
}

// exportHandleNames attaches a HandleName fact to what the package
// declares that holds a handle whose registration it can follow.
func (a *pkgAnalysis) exportHandleNames() {
	a.handleDecls(func(obj types.Object) bool {
		if !obj.Exported() {
			return true // importers cannot read it
		}
		if name, kind, ok := a.objRegistration(obj, 0); ok {
			a.pass.ExportObjectFact(obj, &HandleName{Name: name, Kind: kind})
		}
		return true
	})
}

// objRegistration follows the registration of what a variable, field or
// function (through its returns) of this package holds.
func (a *pkgAnalysis) objRegistration(obj types.Object, depth int) (name, kind string, ok bool) {
	switch obj := obj.(type) {
	case *types.Var:
		values := a.assigns[obj]
		if obj.IsField() {
			values = a.fieldValues[obj]
		}
		for _, v := range values {
			if n, k, ok := a.registration(v, nil, depth+1); ok {
				return n, k, true
			}
		}
	case *types.Func:
		u := a.funcUnits[obj]
		if u == nil || u.decl == nil {
			return "", "", false
		}
		for _, res := range returnedValues(u.decl.Body) {
			if n, k, ok := a.registration(res, u.decl, depth+1); ok {
				return n, k, true
			}
		}
	}
	return "", "", false
}

// importedRegistration reads the HandleName fact of an object of another
// package.
func (a *pkgAnalysis) importedRegistration(obj types.Object) (name, kind string, ok bool) {
	if obj == nil || obj.Pkg() == nil || obj.Pkg() == a.pass.Pkg {
		return "", "", false
	}
	var h HandleName
	if a.pass.ImportObjectFact(obj, &h) {
		return h.Name, h.Kind, true
	}
	return "", "", false
}

// returnedValues lists the single results of a body's return statements,
// not those of the function literals in it.
func returnedValues(body *ast.BlockStmt) []ast.Expr {
	var out []ast.Expr
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) == 1 {
				out = append(out, n.Results[0])
			}
		}
		return true
	})
	return out
}

// HandleParam names a parameter of a function: the handle a loop reads.
type HandleParam struct {
	Func  string // types.Func.FullName
	Param int
}

// HandleArg is a call that passes a registered handle to a function of
// another package: the name of that function's loop.
type HandleArg struct {
	HandleParam
	Name, Kind string
}

// handleParam returns the parameter a loop's handle is, when it is one of
// the enclosing declaration's.
func (a *pkgAnalysis) handleParam(handle ast.Expr, stack []ast.Node) *HandleParam {
	if sel, ok := ast.Unparen(handle).(*ast.SelectorExpr); ok {
		// A field a constructor or setter fills from its parameter:
		// NewWatcher(h) { return &Watcher{h: h} }.
		if s, ok := a.info.Selections[sel]; ok && s.Kind() == types.FieldVal {
			for _, v := range a.fieldValues[s.Obj().(*types.Var)] {
				if id, ok := ast.Unparen(v).(*ast.Ident); ok {
					if pv, ok := a.objOf(id).(*types.Var); ok {
						if p, ok := a.params[pv]; ok {
							return &HandleParam{Func: p.fn.FullName(), Param: p.i}
						}
					}
				}
			}
		}
		return nil
	}
	id, ok := ast.Unparen(handle).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := a.objOf(id).(*types.Var)
	if !ok {
		return nil
	}
	i, fn := paramIndex(v, enclosingDecl(stack), a.info)
	if fn == nil {
		return nil
	}
	return &HandleParam{Func: fn.FullName(), Param: i}
}

// handleArgs finds the calls that pass a handle with a known registration
// to a function of another package.
func (a *pkgAnalysis) handleArgs() []HandleArg {
	if !a.mayHaveRoots() {
		return nil // no handle type in sight
	}
	var out []HandleArg
	for _, n := range a.nodes {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			continue
		}
		var fn *types.Func // looked up only for a call that passes a handle
		for i, arg := range call.Args {
			if t := a.info.TypeOf(arg); t == nil || !a.isHandleType(t) {
				continue
			}
			if fn == nil {
				if fn, _ = typeutil.Callee(a.info, call).(*types.Func); fn == nil || fn.Pkg() == nil || fn.Pkg() == a.pass.Pkg {
					break
				}
			}
			if name, kind, ok := a.registration(arg, a.declAt(call.Pos()), 0); ok {
				out = append(out, HandleArg{HandleParam{fn.Origin().FullName(), i}, name, kind})
			}
		}
	}
	return out
}

// declAt returns the function declaration around pos.
func (a *pkgAnalysis) declAt(pos token.Pos) *ast.FuncDecl {
	for _, u := range a.units {
		if u.decl != nil && u.decl.Pos() <= pos && pos < u.decl.End() {
			return u.decl
		}
	}
	return nil
}
