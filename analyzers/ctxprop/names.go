package ctxprop

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/types/typeutil"
)

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

// maxNames bounds how many names one registration is spelled as.
const maxNames = 8

// constValues returns the strings e may hold when the package shows each
// of them as a constant: a parameter of a function no other package can
// call, whose every call here passes one; the key of a range over a map
// literal (or the element of one over a slice literal) whose keys
// (elements) are constants; a local only ever set to them. Sorted, no
// repeats; nil when not known, or more than maxNames.
func (a *pkgAnalysis) constValues(e ast.Expr, depth int) []string {
	if depth > 4 {
		return nil
	}
	if tv, ok := a.info.Types[e]; ok && tv.Value != nil {
		if tv.Value.Kind() != constant.String {
			return nil
		}
		return []string{constant.StringVal(tv.Value)}
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := a.objOf(id).(*types.Var)
	if !ok || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
		return nil // a package variable: any package may set it
	}
	var values []ast.Expr
	if p, ok := a.params[v]; ok {
		if len(a.assigns[v]) > 0 || p.fn.Exported() || a.addrTaken[p.fn] || len(a.calls[p.fn]) == 0 {
			return nil // callers out of sight
		}
		for _, site := range a.calls[p.fn] {
			if p.i >= len(site.call.Args) || site.call.Ellipsis.IsValid() {
				return nil
			}
			values = append(values, site.call.Args[p.i])
		}
	} else if vals, ok := a.rangeLiteral(v); ok {
		if len(a.assigns[v]) > 0 {
			return nil // set again in the loop
		}
		values = vals
	} else {
		values = a.assigns[v]
	}
	if len(values) == 0 {
		return nil
	}
	var out []string
	for _, val := range values {
		vs := a.constValues(val, depth+1)
		if vs == nil {
			return nil
		}
		out = append(out, vs...)
	}
	slices.Sort(out)
	out = slices.Compact(out)
	if len(out) > maxNames {
		return nil
	}
	return out
}

// rangeLiteral returns, for v the key of a range over a map literal or
// the element of one over a slice or array literal, the literal's keys
// or elements.
func (a *pkgAnalysis) rangeLiteral(v *types.Var) ([]ast.Expr, bool) {
	decl := a.declAt(v.Pos())
	if decl == nil {
		return nil, false
	}
	var out []ast.Expr
	found := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		rs, ok := n.(*ast.RangeStmt)
		if found || !ok || rs.Tok != token.DEFINE {
			return !found
		}
		key, _ := rs.Key.(*ast.Ident)
		val, _ := rs.Value.(*ast.Ident)
		isKey := key != nil && a.info.Defs[key] == v
		if !isKey && (val == nil || a.info.Defs[val] != v) {
			return true
		}
		found = true
		lit, ok := ast.Unparen(rs.X).(*ast.CompositeLit)
		if !ok {
			return false
		}
		_, isMap := typeUnder(a.info.TypeOf(lit)).(*types.Map)
		if isKey && !isMap {
			return false // an index
		}
		for _, elt := range lit.Elts {
			kv, ok := elt.(*ast.KeyValueExpr)
			switch {
			case ok && isKey:
				out = append(out, kv.Key)
			case ok:
				out = append(out, kv.Value)
			default:
				out = append(out, elt)
			}
		}
		return false
	})
	return out, found && out != nil
}
