package ctxprop

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
)

// A function literal stored only in an unexported package variable (a
// handler map filled in init) whose every read is called on the spot
// cannot be called by another package except through this one's functions,
// whose summaries already carry what it reaches. Such a literal is left
// out of the Dispatch fact: there, other packages match their dynamic
// calls against literals by signature alone, and every package's handler
// map of the same type would "run" every other package's handlers.

// privateStores tracks the unexported package variables that hold
// literals, and whether any use lets their values out.
type privateStores struct {
	home    map[*ast.FuncLit]*types.Var // where a literal is stored
	escapes map[*types.Var]bool
	derived map[*types.Var]*types.Var // a local read from a store: its store
	// funcHomes are the stores a function used as a value goes to; loose
	// the functions also used as values some other way.
	funcHomes map[*types.Func][]*types.Var
	loose     map[*types.Func]bool
}

func newPrivateStores() privateStores {
	return privateStores{home: map[*ast.FuncLit]*types.Var{}, escapes: map[*types.Var]bool{}, derived: map[*types.Var]*types.Var{}, funcHomes: map[*types.Func][]*types.Var{}, loose: map[*types.Func]bool{}}
}

// private reports whether lit is stored in a variable whose values stay
// in the package.
func (s *privateStores) private(lit *ast.FuncLit) bool {
	v := s.home[lit]
	return v != nil && !s.escapes[v]
}

// privateFunc reports whether every use of fn as a value stores it in a
// variable whose values stay in the package: another package can only
// run it through this one's functions (or by naming it itself, when its
// own Dispatch fact lists it).
func (s *privateStores) privateFunc(fn *types.Func) bool {
	if s.loose[fn] || len(s.funcHomes[fn]) == 0 {
		return false
	}
	for _, v := range s.funcHomes[fn] {
		if s.escapes[v] {
			return false
		}
	}
	return true
}

// funcValue records a use of fn as a value, at the top of stack.
func (s *privateStores) funcValue(info *types.Info, pkg *types.Package, fn *types.Func, stack []ast.Node) {
	e := stack[len(stack)-1].(ast.Expr)
	if len(stack) >= 2 {
		if sel, ok := stack[len(stack)-2].(*ast.SelectorExpr); ok && sel.Sel == e {
			e, stack = sel, stack[:len(stack)-1] // pkg.F
		}
	}
	if v := storeOf(info, pkg, e, stack); v != nil {
		s.funcHomes[fn] = append(s.funcHomes[fn], v)
		return
	}
	s.loose[fn] = true
}

// storeVar is the unexported package variable e names (v, or v[k]), or nil.
func storeVar(info *types.Info, pkg *types.Package, e ast.Expr) *types.Var {
	if ix, ok := ast.Unparen(e).(*ast.IndexExpr); ok {
		e = ix.X
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := info.ObjectOf(id).(*types.Var)
	if !ok || v.Pkg() != pkg || v.Parent() != pkg.Scope() || v.Exported() {
		return nil
	}
	return v
}

// litStored records where a stored literal goes: `v[k] = lit` or
// `var v = map[K]F{k: lit}`. A literal stored anywhere else has no home
// and stays in the Dispatch fact.
func (s *privateStores) litStored(info *types.Info, pkg *types.Package, lit *ast.FuncLit, stack []ast.Node) {
	if v := storeOf(info, pkg, lit, stack); v != nil {
		s.home[lit] = v
	}
}

// storeOf is the unexported package variable the value e (at the top of
// stack) is stored in, as `v[k] = e` or `var v = map[K]F{k: e}`, or nil.
func storeOf(info *types.Info, pkg *types.Package, e ast.Expr, stack []ast.Node) *types.Var {
	if len(stack) < 2 {
		return nil
	}
	switch p := stack[len(stack)-2].(type) {
	case *ast.AssignStmt:
		if p.Tok == token.ASSIGN && len(p.Lhs) == len(p.Rhs) {
			for i, r := range p.Rhs {
				if r == e {
					if _, ok := p.Lhs[i].(*ast.IndexExpr); ok {
						return storeVar(info, pkg, p.Lhs[i])
					}
				}
			}
		}
	case *ast.KeyValueExpr:
		if p.Value != e || len(stack) < 4 {
			return nil
		}
		cl, ok := stack[len(stack)-3].(*ast.CompositeLit)
		if !ok {
			return nil
		}
		if _, ok := typeUnder(info.TypeOf(cl)).(*types.Map); !ok {
			return nil
		}
		if vs, ok := stack[len(stack)-4].(*ast.ValueSpec); ok && len(vs.Names) == len(vs.Values) {
			for i, val := range vs.Values {
				if val == cl {
					return storeVar(info, pkg, vs.Names[i])
				}
			}
		}
	}
	return nil
}

// use classifies a use of an identifier: for a store, whether the use
// keeps its values in (written, read into a local, called, len or
// delete); for a local read from a store, whether it is only called or
// compared with nil. Anything else lets the store's values out.
//
// It runs on every identifier, so it takes the object the caller looked
// up, and tests the variable itself rather than looking it up again.
func (s *privateStores) use(info *types.Info, pkg *types.Package, id *ast.Ident, v *types.Var, stack []ast.Node) {
	if len(s.derived) > 0 {
		if store := s.derived[v]; store != nil {
			if !calledOrNil(id, stack) {
				s.escapes[store] = true
			}
			return
		}
	}
	if !isStore(pkg, v) {
		return
	}
	parent := stack[len(stack)-2]
	ix, ok := parent.(*ast.IndexExpr)
	if !ok || ix.X != id {
		if call, ok := parent.(*ast.CallExpr); ok && isBuiltin(info, call, "len", "delete") {
			return
		}
		s.escapes[v] = true
		return
	}
	switch gp := stack[len(stack)-3].(type) {
	case *ast.CallExpr:
		if gp.Fun == ix {
			return // v[k](...)
		}
	case *ast.AssignStmt:
		for _, l := range gp.Lhs {
			if l == ix {
				return // v[k] = ...
			}
		}
		if len(gp.Rhs) == 1 && gp.Rhs[0] == ix {
			// x := v[k], x, ok := v[k]: x must stay in too.
			if l, ok := gp.Lhs[0].(*ast.Ident); ok {
				if x, ok := info.ObjectOf(l).(*types.Var); ok && x.Parent() != pkg.Scope() {
					s.derived[x] = v
					return
				}
			}
		}
	}
	s.escapes[v] = true
}

// calledOrNil reports whether id is the function of a call, or compared
// with nil.
func calledOrNil(id *ast.Ident, stack []ast.Node) bool {
	switch p := stack[len(stack)-2].(type) {
	case *ast.CallExpr:
		return p.Fun == id
	case *ast.BinaryExpr:
		other := p.X
		if other == id {
			other = p.Y
		}
		n, ok := ast.Unparen(other).(*ast.Ident)
		return ok && n.Name == "nil" && (p.Op == token.EQL || p.Op == token.NEQ)
	}
	return false
}

// declaresStores reports whether the package declares a variable that use
// classifies as a store. Without one, no use of a variable is a store's,
// nor of a local read from one, and use would do nothing.
func declaresStores(info *types.Info, pkg *types.Package, files []*ast.File) bool {
	for _, f := range files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				for _, id := range spec.(*ast.ValueSpec).Names {
					if v, ok := info.Defs[id].(*types.Var); ok && isStore(pkg, v) {
						return true
					}
				}
			}
		}
	}
	return false
}

// isStore reports whether v is a store: an unexported package variable
// holding functions. use and declaresStores must agree on it.
func isStore(pkg *types.Package, v *types.Var) bool {
	return !v.Exported() && v.Pkg() == pkg && v.Parent() == pkg.Scope() && holdsFuncs(v.Type())
}

// holdsFuncs reports whether t is a map or slice of functions.
func holdsFuncs(t types.Type) bool {
	switch u := typeUnder(t).(type) {
	case *types.Map:
		_, ok := typeUnder(u.Elem()).(*types.Signature)
		return ok
	case *types.Slice:
		_, ok := typeUnder(u.Elem()).(*types.Signature)
		return ok
	}
	return false
}

// isBuiltin reports whether call calls one of the named builtins.
func isBuiltin(info *types.Info, call *ast.CallExpr, names ...string) bool {
	// A builtin is only ever named by its own name: the name first, as
	// most calls are not of these and the lookup is in a large map.
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok || !slices.Contains(names, id.Name) {
		return false
	}
	_, ok = info.Uses[id].(*types.Builtin)
	return ok
}
