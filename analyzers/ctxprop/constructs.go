package ctxprop

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
)

// Constructors: what each stores in the func-typed fields of the object
// it builds (the Constructs fact), found before the fast path, with the
// package's setters (setters.go) and the statements that set up a fresh
// object (built.go).

// fieldScan is what exportConstructs finds before the fast path.
type fieldScan struct {
	constructs map[*types.Func]*Constructs
	// calls is set when a function calls through an unexported func-typed
	// field of its receiver or a parameter: its summary may say so
	// although the package reaches no sink itself.
	calls bool
	// initWrites are the field selectors of statements that set a field of
	// an object while its constructor builds it: they do not make the
	// field one that changes after construction.
	initWrites map[*ast.SelectorExpr]bool
	// builtLits are the literals of those objects: the literal alone does
	// not say what the object's fields hold.
	builtLits map[*ast.CompositeLit]bool
	// setters are the package's setter methods, and setterWrites their
	// statements' field selectors (setters.go).
	setters      map[*types.Func]*Sets
	setterWrites map[*ast.SelectorExpr]bool
}

// exportConstructs attaches a Constructs fact to the package's
// constructors. It runs before the fast path, as exportStarts does: a
// package that blocks on nothing builds the objects importers call
// through.
func exportConstructs(pass *analysis.Pass) fieldScan {
	var scan fieldScan
	// Setters first: a constructor's setup calls them.
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if decl, ok := d.(*ast.FuncDecl); ok && decl.Body != nil {
				if fn, ok := pass.TypesInfo.Defs[decl.Name].(*types.Func); ok {
					if sets := setterFields(pass.TypesInfo, decl, &scan); sets != nil {
						pass.ExportObjectFact(fn, sets)
						put(&scan.setters, fn, sets)
					}
				}
			}
		}
	}
	setsOf := func(fn *types.Func) *Sets { return setsIn(pass, scan.setters, fn) }
	// Without a field to call through, no body is searched for a call.
	mayCall := hasFuncField(pass)
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			decl, ok := d.(*ast.FuncDecl)
			if !ok || decl.Body == nil {
				continue
			}
			fn, ok := pass.TypesInfo.Defs[decl.Name].(*types.Func)
			if !ok {
				continue
			}
			c, built := constructedFields(pass.TypesInfo, decl, setsOf)
			if c != nil {
				pass.ExportObjectFact(fn, c)
				put(&scan.constructs, fn, c)
			}
			built.record(&scan)
			if mayCall && !scan.calls {
				scan.calls = callsParamField(pass, decl)
			}
		}
	}
	return scan
}

// hasFuncField reports whether the package declares an unexported field
// that holds a function (fieldChain's paths: through structs by value,
// and embedded fields of either kind), or may (of a type parameter's
// type): the first field of any path callsParamField looks for.
func hasFuncField(pass *analysis.Pass) bool {
	seen := make(map[*types.Struct]bool)
	var holds func(t types.Type, embedded bool) bool
	holds = func(t types.Type, embedded bool) bool {
		if _, ok := t.(*types.TypeParam); ok {
			return true
		}
		if p, ok := typeUnder(t).(*types.Pointer); ok && embedded {
			t = p.Elem()
		}
		switch t := typeUnder(t).(type) {
		case *types.Signature:
			return true
		case *types.Struct:
			if seen[t] {
				return false
			}
			seen[t] = true
			for f := range t.Fields() {
				if holds(f.Type(), f.Embedded()) {
					return true
				}
			}
		}
		return false
	}
	for _, obj := range pass.TypesInfo.Defs {
		if f, ok := obj.(*types.Var); ok && f.IsField() && !f.Exported() && f.Pkg() == pass.Pkg && holds(f.Type(), f.Embedded()) {
			return true
		}
	}
	return false
}

// constructedFields returns what decl's returns build, or nil, and the
// objects decl builds and sets by statement (h := &T{}; h.f = v; return h).
func constructedFields(info *types.Info, decl *ast.FuncDecl, setsOf func(*types.Func) *Sets) (*Constructs, *builtObjects) {
	results := decl.Type.Results
	if results == nil || decl.Type.Params == nil {
		return nil, nil
	}
	// By index; a few, so a slice, not a map: this runs on every function.
	var params []types.Object
	for _, field := range decl.Type.Params.List {
		if len(field.Names) == 0 {
			params = append(params, nil)
		}
		for _, id := range field.Names {
			params = append(params, info.Defs[id])
		}
	}
	from := func(val ast.Expr) int {
		if id, ok := ast.Unparen(val).(*ast.Ident); ok {
			if obj := info.Uses[id]; obj != nil {
				return slices.Index(params, obj)
			}
		}
		return -1
	}
	n := results.NumFields()
	fresh := make([]bool, n) // some return builds result i
	other := make([]bool, n) // some return gives result i otherwise
	fields := make([][]FieldFrom, n)
	var locals []*types.Var // returned locals, decided once the body is read
	returned := make([][]*types.Var, n)
	built := false // some local is defined as a struct literal
	ast.Inspect(decl.Body, func(node ast.Node) bool {
		switch node := node.(type) {
		case *ast.FuncLit:
			return false // its returns are its own
		case *ast.AssignStmt:
			if !built && node.Tok == token.DEFINE {
				built = slices.ContainsFunc(node.Rhs, func(e ast.Expr) bool { return compositeOf(e) != nil })
			}
		case *ast.ValueSpec:
			if !built {
				built = slices.ContainsFunc(node.Values, func(e ast.Expr) bool { return compositeOf(e) != nil })
			}
		case *ast.ReturnStmt:
			if len(node.Results) != n {
				for i := range n {
					other[i] = true // a bare return, or return f()
				}
				return false
			}
			for i, res := range node.Results {
				if id, ok := ast.Unparen(res).(*ast.Ident); ok {
					if v, ok := info.Uses[id].(*types.Var); ok && v.Parent() != nil && v.Parent() != v.Pkg().Scope() && structOrPtr(v.Type()) {
						if !slices.Contains(params, types.Object(v)) {
							returned[i] = append(returned[i], v)
							locals = append(locals, v)
							continue
						}
					}
				}
				lit := compositeOf(res)
				if lit == nil {
					if id, ok := ast.Unparen(res).(*ast.Ident); !ok || info.Uses[id] != types.Universe.Lookup("nil") {
						other[i] = true
					}
					continue
				}
				st, ok := typeUnder(info.TypeOf(lit)).(*types.Struct)
				if !ok {
					other[i] = true
					continue
				}
				fresh[i] = true
				fields[i] = mergeFields(fields[i], litFuncFields(info, st, lit, from))
			}
			return false
		case ast.Expr:
			// What is read here is statements; below an expression
			// there are none but in function literals, skipped above.
			return false
		}
		return true
	})
	var objs *builtObjects
	if built && len(locals) > 0 {
		objs = builtIn(info, decl.Body, locals)
	}
	for i := range n {
		for _, v := range returned[i] {
			obj, ok := objs.object(v)
			if !ok {
				other[i] = true
				continue
			}
			fresh[i] = true
			st := typeUnder(info.TypeOf(obj.lit)).(*types.Struct)
			fields[i] = mergeFields(fields[i], litFuncFields(info, st, obj.lit, from))
			for _, w := range obj.writes {
				if _, ok := typeUnder(w.field.Type()).(*types.Signature); ok {
					fields[i] = mergeFields(fields[i], []FieldFrom{{Field: w.field.Name(), Param: from(w.value)}})
				}
			}
			if storesFuncs(st, 0) {
				fields[i] = mergeFields(fields[i], setupFields(info, decl.Body, v, from, setsOf))
			}
		}
	}
	var c Constructs
	for i := range n {
		// Worth a fact only when a caller's argument, or the object's own
		// method, decides a field.
		if fresh[i] && !other[i] && slices.ContainsFunc(fields[i], func(f FieldFrom) bool { return f.Param >= 0 || f.Method != "" }) {
			c.Results = append(c.Results, Constructed{Result: i, Fields: fields[i]})
		}
	}
	if len(c.Results) == 0 {
		return nil, objs
	}
	return &c, objs
}

// litFuncFields returns the func-typed fields a struct literal sets, and
// which parameter each is set from.
func litFuncFields(info *types.Info, st *types.Struct, lit *ast.CompositeLit, from func(ast.Expr) int) []FieldFrom {
	var out []FieldFrom
	for j, elt := range lit.Elts {
		f, val := litField(info, st, j, elt)
		if f == nil {
			continue
		}
		if _, ok := typeUnder(f.Type()).(*types.Signature); ok {
			out = append(out, FieldFrom{Field: f.Name(), Param: from(val)})
		}
	}
	return out
}

// mergeFields adds to fields what another return, or another statement
// of the same object, sets: a field set from two sources is known by
// neither.
func mergeFields(fields, more []FieldFrom) []FieldFrom {
	for _, m := range more {
		if i := slices.IndexFunc(fields, func(f FieldFrom) bool { return f.Field == m.Field }); i >= 0 {
			if fields[i].Param != m.Param || fields[i].Method != m.Method {
				fields[i].Param, fields[i].Method = -1, ""
			}
			fields[i].Setup = fields[i].Setup && m.Setup
			continue
		}
		fields = append(fields, m)
	}
	return fields
}

// compositeOf returns the composite literal e is, or takes the address
// of.
func compositeOf(e ast.Expr) *ast.CompositeLit {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	lit, _ := e.(*ast.CompositeLit)
	return lit
}

// litField returns the field element j of a struct literal sets, and the
// value.
func litField(info *types.Info, st *types.Struct, j int, elt ast.Expr) (*types.Var, ast.Expr) {
	if kv, ok := elt.(*ast.KeyValueExpr); ok {
		id, ok := kv.Key.(*ast.Ident)
		if !ok {
			return nil, nil
		}
		f, _ := info.Uses[id].(*types.Var)
		return f, kv.Value
	}
	if j < st.NumFields() {
		return st.Field(j), elt
	}
	return nil, nil
}

// structOrPtr reports whether t is a struct or a pointer to one: what a
// struct literal a local holds may be.
func structOrPtr(t types.Type) bool {
	if p, ok := typeUnder(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	_, ok := typeUnder(t).(*types.Struct)
	return ok
}

// callsParamField reports whether decl calls through an unexported
// func-typed field of its package's struct types on its receiver or a
// parameter: the shape a FieldCall records.
func callsParamField(pass *analysis.Pass, decl *ast.FuncDecl) bool {
	found := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if found {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok {
			if base, fields, ok := fieldChain(pass.TypesInfo, call.Fun); ok && fields[0].Pkg() == pass.Pkg && !fields[0].Exported() {
				if obj, ok := pass.TypesInfo.Uses[base].(*types.Var); ok && receiverOrParam(decl, pass.TypesInfo, obj) != -2 {
					found = true
				}
			}
		}
		return true
	})
	return found
}

// receiverOrParam returns -1 when obj is decl's receiver, its index among
// the parameters when it is one, else -2.
func receiverOrParam(decl *ast.FuncDecl, info *types.Info, obj types.Object) int {
	if decl.Recv != nil {
		for _, f := range decl.Recv.List {
			for _, id := range f.Names {
				if info.Defs[id] == obj {
					return -1
				}
			}
		}
	}
	if v, ok := obj.(*types.Var); ok {
		if i, fn := paramIndex(v, decl, info); fn != nil {
			return i
		}
	}
	return -2
}

// constructsOf returns fn's Constructs: computed here for the package's
// own, a fact for another's.
func (a *pkgAnalysis) constructsOf(fn *types.Func) *Constructs {
	fn = fn.Origin()
	if fn.Pkg() == a.pass.Pkg {
		return a.fields.constructs[fn]
	}
	var c Constructs
	if a.pass.ImportObjectFact(fn, &c) {
		return &c
	}
	return nil
}

// constructedParam reports whether callee stores its parameter i in a
// field of the object it builds.
func (a *pkgAnalysis) constructedParam(callee *types.Func, i int) bool {
	c := a.constructsOf(callee)
	if c == nil {
		return false
	}
	for _, r := range c.Results {
		for _, f := range r.Fields {
			if f.Param == i {
				return true
			}
		}
	}
	return false
}
