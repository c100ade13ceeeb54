package ctxprop

import (
	"go/ast"
	"go/types"
	"slices"
)

// An interface value read from a field (x.f, x.f[k], a range over x.f, or
// a local set once from one of those) holds what the stores to that field
// put there. Where the field is the package's own and unexported, and
// every store puts a value of a concrete type of the package (a listener's
// services map that receives only pod and container services), a call on
// the value runs only those types' methods, not every implementation in
// view: per package, the interface would otherwise resolve to all of
// them, a docker service stored in another component's map included.

// storeIndex is what the package stores in its fields and sets its locals
// from, built once.
type storeIndex struct {
	// types are the concrete types stored in each field; a field missing
	// from it, or open, can hold anything.
	types map[*types.Var][]types.Type
	open  map[*types.Var]bool
	deps  map[*types.Var][]*types.Var // fields stored from other fields' values
	// from is the expression a local is set from, when it is set once:
	// sets counts assignments, declarations with a value or not, ranges
	// and the taking of its address.
	from map[*types.Var]ast.Expr
	sets map[*types.Var]int
}

// storedTypes returns the concrete types the values of e may have, when e
// reads a field whose stores are all known; nil otherwise.
func (a *pkgAnalysis) storedTypes(e ast.Expr) []types.Type {
	if !a.mayStore() {
		return nil // no field of the package can hold one: skip the index
	}
	return a.fieldTypes(a.sourceField(e, 0))
}

// fieldTypes is storedTypes for the field f itself.
func (a *pkgAnalysis) fieldTypes(f *types.Var) []types.Type {
	if f == nil || !candidateField(f, a.pass.Pkg) || !a.mayStore() {
		return nil
	}
	ix := a.fieldStores()
	if ix.open[f] {
		return nil
	}
	return ix.types[f]
}

// embeddedField returns the embedded field a promoted method selection
// goes through last (c.Exchange for c.client.Exchange, client an embedded
// interface), or nil when the method is the receiver's own.
func embeddedField(s *types.Selection) *types.Var {
	t, path := s.Recv(), s.Index()
	var f *types.Var
	for _, i := range path[:len(path)-1] {
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok || i >= st.NumFields() {
			return nil
		}
		f = st.Field(i).Origin()
		t = f.Type()
	}
	return f
}

// candidateField reports whether f is an unexported field of pkg that
// holds interface values (itself, or as a map's or slice's elements).
func candidateField(f *types.Var, pkg *types.Package) bool {
	if f.Exported() || f.Pkg() != pkg {
		return false
	}
	t := f.Type().Underlying()
	switch c := t.(type) {
	case *types.Map:
		t = c.Elem().Underlying()
	case *types.Slice:
		t = c.Elem().Underlying()
	}
	_, ok := t.(*types.Interface)
	return ok
}

// mayStore reports whether a struct type of the package has a candidate
// field: most packages have none, and need no index.
func (a *pkgAnalysis) mayStore() bool {
	if a.storeCands == 0 {
		a.storeCands = 1
		scope := a.pass.Pkg.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok {
				continue
			}
			if st, ok := tn.Type().Underlying().(*types.Struct); ok {
				for f := range st.Fields() {
					if candidateField(f, a.pass.Pkg) {
						a.storeCands = 2
						return true
					}
				}
			}
		}
	}
	return a.storeCands == 2
}

// sourceField returns the field e reads its value from, or nil.
func (a *pkgAnalysis) sourceField(e ast.Expr, depth int) *types.Var {
	switch x := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		if s, ok := a.info.Selections[x]; ok && s.Kind() == types.FieldVal {
			return s.Obj().(*types.Var).Origin() // one key for every instance of a generic type
		}
	case *ast.IndexExpr:
		if _, isMap := a.info.TypeOf(x.X).Underlying().(*types.Map); isMap {
			return a.sourceField(x.X, depth)
		}
		if _, isSlice := a.info.TypeOf(x.X).Underlying().(*types.Slice); isSlice {
			return a.sourceField(x.X, depth)
		}
	case *ast.Ident:
		v, ok := a.info.Uses[x].(*types.Var)
		if !ok || depth > 2 {
			return nil
		}
		ix := a.fieldStores()
		if from := ix.from[v]; from != nil && ix.sets[v] == 1 {
			return a.sourceField(from, depth+1)
		}
	}
	return nil
}

// fieldStores builds the package's store index.
func (a *pkgAnalysis) fieldStores() *storeIndex {
	if a.storeIx != nil {
		return a.storeIx
	}
	ix := &storeIndex{types: map[*types.Var][]types.Type{}, open: map[*types.Var]bool{}, deps: map[*types.Var][]*types.Var{}, from: map[*types.Var]ast.Expr{}, sets: map[*types.Var]int{}}
	a.storeIx = ix
	field := func(e ast.Expr) *types.Var {
		if sel, ok := ast.Unparen(e).(*ast.SelectorExpr); ok {
			if s, ok := a.info.Selections[sel]; ok && s.Kind() == types.FieldVal {
				return s.Obj().(*types.Var).Origin()
			}
		}
		return nil
	}
	// store records that f receives value (an element of f when elem).
	var store func(f *types.Var, value ast.Expr, elem bool)
	store = func(f *types.Var, value ast.Expr, elem bool) {
		value = ast.Unparen(value)
		if !elem {
			switch v := value.(type) {
			case *ast.CompositeLit: // a map or slice literal: its elements
				for _, el := range v.Elts {
					if kv, ok := el.(*ast.KeyValueExpr); ok {
						el = kv.Value
					}
					store(f, el, true)
				}
				if _, isStruct := a.info.TypeOf(v).Underlying().(*types.Struct); !isStruct {
					return
				}
			case *ast.CallExpr:
				if id, ok := ast.Unparen(v.Fun).(*ast.Ident); ok {
					switch b, _ := a.info.Uses[id].(*types.Builtin); {
					case b != nil && b.Name() == "make":
						return
					case b != nil && b.Name() == "append" && len(v.Args) > 0 && field(v.Args[0]) == f:
						for _, el := range v.Args[1:] {
							store(f, el, true)
						}
						if v.Ellipsis.IsValid() {
							ix.open[f] = true
						}
						return
					}
				}
			}
			if isNil(a.info, value) {
				return
			}
			if _, isIface := a.info.TypeOf(value).Underlying().(*types.Interface); !isIface {
				if _, container := a.info.TypeOf(value).Underlying().(interface{ Elem() types.Type }); container {
					ix.open[f] = true // a map or slice from elsewhere
					return
				}
			}
		}
		t := a.info.TypeOf(value)
		if sf := a.sourceField(value, 0); sf != nil && types.IsInterface(t) {
			if sf != f { // a value read from another field: what it holds
				ix.deps[f] = append(ix.deps[f], sf)
			}
			return
		}
		if t == nil || types.IsInterface(t) {
			ix.open[f] = true
			return
		}
		if !slices.ContainsFunc(ix.types[f], func(u types.Type) bool { return types.Identical(t, u) }) {
			ix.types[f] = append(ix.types[f], t)
		}
	}
	// Every use of a field not read in place (as an operand, an indexed
	// value, a range, a receiver, len or delete's argument) lets another
	// function store in it: open.
	stored := map[*ast.SelectorExpr]bool{}
	visit := func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ValueSpec: // var v T = x: a set like any other
			for i, id := range n.Names {
				if v, _ := a.info.Defs[id].(*types.Var); v != nil {
					ix.sets[v]++
					if len(n.Values) == len(n.Names) {
						ix.from[v] = n.Values[i]
					}
				}
			}
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				var rhs ast.Expr
				if len(n.Rhs) == len(n.Lhs) {
					rhs = n.Rhs[i]
				}
				lhs = ast.Unparen(lhs)
				if id, ok := lhs.(*ast.Ident); ok {
					v, _ := a.info.ObjectOf(id).(*types.Var)
					if v != nil && !v.IsField() {
						ix.sets[v]++
						if rhs == nil && len(n.Rhs) == 1 && i == 0 {
							rhs = n.Rhs[0] // v, ok := m[k]
						}
						if rhs != nil {
							ix.from[v] = rhs
						}
					}
					continue
				}
				target, elem := lhs, false
				if idx, ok := lhs.(*ast.IndexExpr); ok {
					target, elem = ast.Unparen(idx.X), true
				}
				if f := field(target); f != nil {
					stored[target.(*ast.SelectorExpr)] = true
					if rhs == nil {
						ix.open[f] = true
					} else {
						store(f, rhs, elem)
					}
				}
			}
		case *ast.RangeStmt:
			for _, e := range []ast.Expr{n.Key, n.Value} {
				id, ok := e.(*ast.Ident)
				if !ok {
					continue
				}
				v, _ := a.info.ObjectOf(id).(*types.Var)
				if v == nil || v.IsField() {
					continue
				}
				ix.sets[v]++
				if e == n.Value && n.Tok.String() == ":=" {
					ix.from[v] = &ast.IndexExpr{X: n.X, Index: n.X}
				}
			}
		case *ast.CompositeLit:
			if _, isStruct := a.info.TypeOf(n).Underlying().(*types.Struct); !isStruct {
				return true
			}
			st := a.info.TypeOf(n).Underlying().(*types.Struct)
			for i, el := range n.Elts {
				kv, ok := el.(*ast.KeyValueExpr)
				if !ok { // positional: the i-th field
					if i < st.NumFields() {
						store(st.Field(i).Origin(), el, false)
					}
					continue
				}
				if id, ok := kv.Key.(*ast.Ident); ok {
					if f, _ := a.info.Uses[id].(*types.Var); f != nil && f.IsField() {
						store(f.Origin(), kv.Value, false)
					}
				}
			}
		case *ast.UnaryExpr: // &x.f, &v: stored through the pointer
			if n.Op.String() != "&" {
				return true
			}
			if f := field(n.X); f != nil {
				ix.open[f] = true
			} else if id, ok := ast.Unparen(n.X).(*ast.Ident); ok {
				if v, _ := a.info.Uses[id].(*types.Var); v != nil {
					ix.sets[v] += 2
				}
			}
		case *ast.CallExpr: // x.f passed to a function: it may store in it
			if id, ok := ast.Unparen(n.Fun).(*ast.Ident); ok {
				if b, _ := a.info.Uses[id].(*types.Builtin); b != nil {
					// len, cap, delete and append read or store as seen;
					// copy stores what the other slice holds.
					if b.Name() == "copy" && len(n.Args) > 0 {
						if f := field(n.Args[0]); f != nil {
							ix.open[f] = true
						}
					}
					return true
				}
			}
			for _, arg := range n.Args {
				if f := field(arg); f != nil {
					if _, isIface := f.Type().Underlying().(*types.Interface); !isIface {
						ix.open[f] = true
					}
				}
			}
		}
		return true
	}
	for _, f := range a.pass.Files {
		ast.Inspect(f, visit)
	}
	// A field stored from others holds what they do.
	for changed := true; changed; {
		changed = false
		for f, deps := range ix.deps {
			for _, g := range deps {
				if ix.open[g] && !ix.open[f] {
					ix.open[f], changed = true, true
				}
				for _, t := range ix.types[g] {
					if !slices.ContainsFunc(ix.types[f], func(u types.Type) bool { return types.Identical(t, u) }) {
						ix.types[f], changed = append(ix.types[f], t), true
					}
				}
			}
		}
	}
	// Only the package's own unexported fields: another package cannot
	// store in them.
	for f := range ix.types {
		if f.Exported() || f.Pkg() != a.pass.Pkg {
			ix.open[f] = true
		}
		for _, t := range ix.types[f] {
			if n, ok := types.Unalias(derefPtr(t)).(*types.Named); !ok || n.Obj().Pkg() != a.pass.Pkg {
				ix.open[f] = true
			}
		}
	}
	return ix
}

// derefPtr is t's element type if t is a pointer, else t.
func derefPtr(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// storedTargets keeps, of the package's implementations of a method called
// on a value of one of the types stored, those of the stored types, and
// drops the sinks (no stored type is another package's).
func (a *pkgAnalysis) storedTargets(stored []types.Type, targets []target, sinks []sinkImpl) ([]target, []sinkImpl) {
	keep := func(t target) bool {
		if t.unit == nil || t.unit.fn == nil {
			return true // an imported summary: cannot tell, keep it
		}
		recv := t.unit.fn.Signature().Recv()
		return recv != nil && slices.ContainsFunc(stored, func(s types.Type) bool {
			return types.Identical(derefPtr(recv.Type()), derefPtr(s))
		})
	}
	return slices.DeleteFunc(slices.Clone(targets), func(t target) bool { return !keep(t) }), nil
}
