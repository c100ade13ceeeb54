package ctxprop

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sync"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/ctxlint/ctxlint/internal/astwalk"
	"github.com/ctxlint/ctxlint/internal/ctxtypes"
	"github.com/ctxlint/ctxlint/internal/funcname"
)

// index walks the package once; it also records where monitored loops may
// start, for findRoots.
func (a *pkgAnalysis) index() {
	a.assigns = make(map[types.Object][]ast.Expr)
	a.fieldValues = make(map[*types.Var][]ast.Expr)
	a.fieldAssigned = make(map[*types.Var]bool)
	a.fieldSetters = make(map[*types.Var]bool)
	a.calls = make(map[*types.Func][]callSite)
	a.addrTaken = make(map[*types.Func]bool)
	a.stores = newPrivateStores()
	a.funcUnits = make(map[*types.Func]*unit)
	a.litUnits = make(map[*ast.FuncLit]*unit)
	a.sinkImpls = make(map[implKey][]sinkImpl)
	a.sinkCache = make(map[*types.Func]sinkLookup)
	a.params = make(map[*types.Var]paramRef)

	a.nodes = takeNodes()
	litCount := make(map[*ast.FuncDecl]int)
	roots := a.mayHaveRoots()
	stores := declaresStores(a.info, a.pass.Pkg, a.pass.Files)
	astwalk.WithStack(a.pass.Files, func(n ast.Node, stack []ast.Node) bool {
		if roots && a.rootSiteAt(n) {
			a.rootSites = append(a.rootSites, rootSite{n, slices.Clone(stack)})
		}
		switch n := n.(type) {
		case *ast.FuncDecl:
			if n.Body == nil {
				return true
			}
			fn, _ := a.info.Defs[n.Name].(*types.Func)
			if fn == nil {
				return true
			}
			i := 0
			for _, field := range n.Type.Params.List {
				if len(field.Names) == 0 {
					i++
				}
				for _, id := range field.Names {
					if v, ok := a.info.Defs[id].(*types.Var); ok {
						a.params[v] = paramRef{fn, i}
					}
					i++
				}
			}
			u := &unit{name: funcName(n), fn: fn, decl: n, ftype: n.Type, body: n.Body, sig: fn.Signature()}
			u.detached = a.dirs.detached(n)
			a.funcUnits[fn] = u
			a.units = append(a.units, u)
		case *ast.FuncLit:
			a.nodes = append(a.nodes, n)
			for _, field := range n.Type.Params.List {
				for _, id := range field.Names {
					if v, ok := a.info.Defs[id].(*types.Var); ok {
						put(&a.litParams, v, true)
					}
				}
			}
			a.stores.litStored(a.info, a.pass.Pkg, n, stack)
			decl := enclosingDecl(stack)
			litCount[decl]++
			kept := stored(n, stack, a.info) || a.constructedArg(n, stack)
			if kept || a.program != nil && a.program.IsLitCallee != nil && a.program.IsLitCallee(n.Type.Func) {
				name := fmt.Sprintf("func%d", litCount[decl])
				if decl != nil {
					name = funcName(decl) + "." + name
				} else if v := specName(n, stack); v != "" {
					name = v + "." + name // var remote = cache.New(func(...) {...})
					if vs, ok := stack[len(stack)-2].(*ast.ValueSpec); ok && slices.Contains(vs.Values, ast.Expr(n)) {
						name = v // var Remote = func(...) {...}
					}
				}
				sig, _ := a.info.TypeOf(n).(*types.Signature)
				u := &unit{name: name, lit: n, decl: decl, ftype: n.Type, body: n.Body, sig: sig}
				if !kept {
					a.litHome(u, stack[len(stack)-2])
				}
				a.litUnits[n] = u
				a.units = append(a.units, u)
			}
		case *ast.AssignStmt:
			a.indexAssign(n.Lhs, n.Rhs)
		case *ast.ValueSpec:
			lhs := make([]ast.Expr, len(n.Names))
			for i, id := range n.Names {
				lhs[i] = id
			}
			a.indexAssign(lhs, n.Values)
		case *ast.CompositeLit:
			a.indexComposite(n)
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				a.markWritten(n.X) // &x.opts may be written through
				a.markAddressed(n.X)
			}
			a.indexReceive(n, stack)
		case *ast.SendStmt:
			a.indexSend(n.Chan, stack)
		case *ast.GoStmt:
			a.nodes = append(a.nodes, n)
		case *ast.RangeStmt:
			if _, ok := typeUnder(a.info.TypeOf(n.X)).(*types.Signature); ok || a.fieldRange(n) {
				a.nodes = append(a.nodes, n)
			}
		case *ast.CallExpr:
			a.nodes = append(a.nodes, n)
			if len(n.Args) == 1 && isBuiltin(a.info, n, "close") {
				a.indexSend(n.Args[0], stack)
			}
			if fn, ok := typeutil.Callee(a.info, n).(*types.Func); ok && fn.Pkg() == a.pass.Pkg {
				decl := enclosingDecl(stack)
				ft, _ := enclosingFunc(stack)
				a.calls[fn.Origin()] = append(a.calls[fn.Origin()], callSite{n, decl, decl != nil && ft != decl.Type})
			}
		case *ast.Ident:
			// Looking every identifier up was most of this walk. Without a
			// store to classify uses for, only a function used as a value
			// matters, and where many identifiers stand says they are not.
			if !stores && notFuncValue(n, stack) {
				break
			}
			switch obj := a.info.Uses[n].(type) {
			case *types.Var:
				if stores {
					a.stores.use(a.info, a.pass.Pkg, n, obj, stack)
				}
			case *types.Func: // used as a value, unless called
				if funcname.Called(n, stack) {
					break
				}
				fn := obj.Origin()
				a.stores.funcValue(a.info, a.pass.Pkg, fn, stack)
				if fn.Pkg() == a.pass.Pkg {
					a.addrTaken[fn] = true
				} else if fn.Pkg() != nil && fn.Signature().Recv() == nil {
					put(&a.importedValues, fn, true)
				}
			}
		}
		return true
	})
	// Each file's nodes come in source order; the files may not (they
	// mostly do, and a stable sort of sorted nodes still costs).
	byPos := func(x, y ast.Node) int { return cmp.Compare(x.Pos(), y.Pos()) }
	if !slices.IsSortedFunc(a.nodes, byPos) {
		slices.SortStableFunc(a.nodes, byPos)
	}
}

// indexAssign records lhs[i] = rhs[i], or every lhs = rhs[0] for a
// multi-value call.
func (a *pkgAnalysis) indexAssign(lhs, rhs []ast.Expr) {
	for i, l := range lhs {
		var r ast.Expr
		switch {
		case len(rhs) == len(lhs):
			r = rhs[i]
		case len(rhs) == 1:
			r = rhs[0]
		default:
			continue
		}
		switch l := ast.Unparen(l).(type) {
		case *ast.Ident:
			if obj := a.objOf(l); obj != nil {
				a.assigns[obj] = append(a.assigns[obj], r)
			}
		case *ast.StarExpr:
			// *x = T{...}: the object's fields change after construction.
			if st, ok := typeUnder(a.info.TypeOf(l)).(*types.Struct); ok {
				for f := range st.Fields() {
					a.fieldAssigned[f.Origin()] = true
				}
			}
		case *ast.SelectorExpr:
			if sel, ok := a.info.Selections[l]; ok && sel.Kind() == types.FieldVal {
				f := sel.Obj().(*types.Var)
				a.fieldValues[f] = append(a.fieldValues[f], r)
				switch {
				case a.fields.setterWrites[l]:
					a.fieldSetters[f.Origin()] = true
				case !a.fields.initWrites[l]:
					a.fieldAssigned[f.Origin()] = true
					a.markWritten(l) // x.opts.f = v writes x's opts too
				}
			} else if obj, ok := a.info.Uses[l.Sel].(*types.Var); ok { // pkg.Var = ...
				a.assigns[obj] = append(a.assigns[obj], r)
			}
		}
	}
}

// markAddressed records the variable or field whose address e takes: what
// it holds may change through the pointer, unseen (inprocess.go).
func (a *pkgAnalysis) markAddressed(e ast.Expr) {
	if obj := a.namedObj(e); obj != nil {
		put(&a.addressed, obj, true)
	}
}

// namedObj returns the object a name or a field selection names (a
// field's generic origin), or nil.
func (a *pkgAnalysis) namedObj(e ast.Expr) types.Object {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return a.objOf(e)
	case *ast.SelectorExpr:
		if sel, ok := a.info.Selections[e]; ok && sel.Kind() == types.FieldVal {
			return sel.Obj().(*types.Var).Origin()
		}
	}
	return nil
}

// markWritten records that a statement writes the field e selects, and
// the structs holding it by value on its path.
func (a *pkgAnalysis) markWritten(e ast.Expr) {
	_, fs := valueFields(a.info, e)
	for _, f := range fs {
		a.fieldAssigned[f.Origin()] = true
	}
}

func (a *pkgAnalysis) indexComposite(lit *ast.CompositeLit) {
	t := a.info.TypeOf(lit)
	if t == nil {
		return
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return
	}
	for i, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				if f, ok := a.info.Uses[id].(*types.Var); ok {
					a.fieldValues[f] = append(a.fieldValues[f], kv.Value)
				}
			}
		} else if i < st.NumFields() {
			a.fieldValues[st.Field(i)] = append(a.fieldValues[st.Field(i)], elt)
		}
	}
}

func (a *pkgAnalysis) objOf(id *ast.Ident) types.Object {
	if obj := a.info.Defs[id]; obj != nil {
		return obj
	}
	return a.info.Uses[id]
}

// stored reports whether a function literal is kept as a value (in a map,
// a field, a package variable, a return) rather than called where it
// stands, passed to a call, or bound to a local variable: only a stored
// literal can be reached through a function value from elsewhere.
func stored(lit *ast.FuncLit, stack []ast.Node, info *types.Info) bool {
	parent := stack[len(stack)-2]
	switch p := parent.(type) {
	case *ast.CallExpr:
		return false
	case *ast.GoStmt, *ast.DeferStmt:
		return false
	case *ast.AssignStmt:
		for i, r := range p.Rhs {
			if r == lit && i < len(p.Lhs) {
				if id, ok := p.Lhs[i].(*ast.Ident); ok {
					if v, ok := info.ObjectOf(id).(*types.Var); ok && v.Parent() != v.Pkg().Scope() {
						return false // a local: resolved where it is called
					}
				}
			}
		}
	}
	return true
}

// constructedArg reports whether a function literal is an argument that
// the callee stores in the object it builds (cache.New(func(k) {...})): a
// call through that object's field runs it.
func (a *pkgAnalysis) constructedArg(lit *ast.FuncLit, stack []ast.Node) bool {
	call, ok := stack[len(stack)-2].(*ast.CallExpr)
	if !ok {
		return false
	}
	fn := typeutil.StaticCallee(a.info, call)
	if fn == nil {
		return false
	}
	for i, arg := range call.Args {
		if arg == lit {
			return a.constructedParam(fn, i)
		}
	}
	return false
}

// specName returns the name of the package-level variable whose value
// holds lit, or "".
func specName(lit *ast.FuncLit, stack []ast.Node) string {
	for i := len(stack) - 2; i >= 0; i-- {
		vs, ok := stack[i].(*ast.ValueSpec)
		if !ok {
			continue
		}
		for j, v := range vs.Values {
			if j < len(vs.Names) && v.Pos() <= lit.Pos() && lit.End() <= v.End() {
				return vs.Names[j].Name
			}
		}
		return ""
	}
	return ""
}

func enclosingDecl(stack []ast.Node) *ast.FuncDecl {
	for i := len(stack) - 1; i >= 0; i-- {
		if d, ok := stack[i].(*ast.FuncDecl); ok {
			return d
		}
	}
	return nil
}

// funcName is a declaration's name in paths: F or T.M.
func funcName(d *ast.FuncDecl) string { return funcname.Of(d) }

// position renders pos as file:line:col.
func (a *pkgAnalysis) position(pos token.Pos) string {
	p := a.pass.Fset.PositionFor(pos, false) // the file itself, not a //line directive's
	return fmt.Sprintf("%s:%d:%d", p.Filename, p.Line, p.Column)
}

// hop makes the path step for a call at pos in u.
func (a *pkgAnalysis) hop(u *unit, pos token.Pos, dynamic bool) Hop {
	p := a.pass.Fset.PositionFor(pos, false)
	h := Hop{Func: u.name, File: p.Filename, Line: p.Line, Col: p.Column, Dynamic: dynamic}
	if q := a.pass.Fset.Position(pos); q.Filename != p.Filename || q.Line != p.Line {
		h.Source = fmt.Sprintf("%s:%d:%d", q.Filename, q.Line, q.Column)
	}
	return h
}

// paramIndex returns v's index among decl's parameters and decl's
// function, or nil if v is not one.
func paramIndex(v *types.Var, decl *ast.FuncDecl, info *types.Info) (int, *types.Func) {
	if decl == nil {
		return 0, nil
	}
	i, _ := ctxtypes.ParamIndex(info, decl.Type, v)
	if i < 0 {
		return 0, nil
	}
	fn, _ := info.Defs[decl.Name].(*types.Func)
	return i, fn
}

// notFuncValue reports whether id, at the top of stack, cannot name a
// function used as a value, by where it stands alone: called; the operand
// of a selector (a function has neither fields nor methods); assigned to;
// or in a position only a type, a constant or an addressable or
// dereferenced operand can take.
func notFuncValue(id *ast.Ident, stack []ast.Node) bool {
	switch p := stack[len(stack)-2].(type) {
	case *ast.SelectorExpr:
		if p.X == id {
			return true
		}
	case *ast.AssignStmt:
		if slices.Contains(p.Lhs, ast.Expr(id)) {
			return true
		}
	case *ast.ValueSpec:
		return p.Type == id || slices.Contains(p.Names, id)
	case *ast.Field, *ast.ArrayType, *ast.MapType, *ast.ChanType, *ast.Ellipsis, *ast.TypeSpec,
		*ast.StarExpr, *ast.UnaryExpr, *ast.IncDecStmt, *ast.TypeAssertExpr,
		*ast.FuncDecl, *ast.LabeledStmt, *ast.BranchStmt, *ast.ImportSpec, *ast.File:
		return true
	}
	return funcname.Called(id, stack)
}

// nodeLists recycles index's node lists, most of what it allocates: a
// list is garbage when its pass ends, and a collection while the analysis
// runs marks the whole loaded program.
var nodeLists = sync.Pool{New: func() any { return new([]ast.Node) }}

func takeNodes() []ast.Node { return (*nodeLists.Get().(*[]ast.Node))[:0] }

// releaseNodes gives a's node list back, once nothing reads it: at the end
// of its pass.
func (a *pkgAnalysis) releaseNodes() {
	if a.nodes == nil {
		return
	}
	nodes := a.nodes
	clear(nodes) // keeps no syntax alive
	a.nodes = nil
	nodes = nodes[:0]
	nodeLists.Put(&nodes)
}
