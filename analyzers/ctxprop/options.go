package ctxprop

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

// Functional options often decide whether a constructor blocks:
//
//	func New(name string, opts ...Option) (*Consumer, error) {
//		c := &Consumer{name: name}
//		for _, opt := range opts {
//			opt(c)
//		}
//		if c.client == nil {
//			c.client = dialDefault() // a round trip
//		}
//		...
//
// The default's branch carries a guard on the options parameter, "no
// option sets client" (Cond "set(client)", Want false). A caller that
// passes an option whose constructor sets that field (WithClient, which
// carries the Option fact) drops the reach; any other call keeps it.

// optionCond is the guard condition for a field no option set.
func optionCond(field string) string { return "set(" + field + ")" }

// exportOptions exports Option for the package's option constructors.
func exportOptions(pass *analysis.Pass) {
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || !fd.Name.IsExported() {
				continue
			}
			fn, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if fn == nil {
				continue
			}
			if field := optionField(pass.TypesInfo, fn, fd.Body); field != "" {
				pass.ExportObjectFact(fn, &Option{Field: field})
			}
		}
	}
}

// optionField returns the field fn's returned option sets from one of
// fn's parameters: its body is return func(x *T) { x.f = p }, maybe with
// a return of nil after the assignment.
func optionField(info *types.Info, fn *types.Func, body *ast.BlockStmt) string {
	if len(body.List) != 1 || fn.Signature().Results().Len() != 1 {
		return ""
	}
	ret, ok := body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return ""
	}
	lit, ok := ast.Unparen(ret.Results[0]).(*ast.FuncLit)
	if !ok || lit.Type.Params.NumFields() != 1 || len(lit.Body.List) == 0 || len(lit.Body.List) > 2 {
		return ""
	}
	if len(lit.Body.List) == 2 {
		if r, ok := lit.Body.List[1].(*ast.ReturnStmt); !ok || len(r.Results) != 1 || !isNil(info, r.Results[0]) {
			return ""
		}
	}
	as, ok := lit.Body.List[0].(*ast.AssignStmt)
	if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return ""
	}
	sel, ok := as.Lhs[0].(*ast.SelectorExpr)
	if !ok {
		return ""
	}
	target := lit.Type.Params.List[0]
	if len(target.Names) != 1 {
		return ""
	}
	if _, ok := info.TypeOf(target.Type).(*types.Pointer); !ok {
		return "" // it sets a copy
	}
	if x, ok := sel.X.(*ast.Ident); !ok || info.Uses[x] == nil || info.Uses[x] != info.Defs[target.Names[0]] {
		return ""
	}
	id, ok := ast.Unparen(as.Rhs[0]).(*ast.Ident)
	if !ok {
		return ""
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || !isParamOf(fn, v) {
		return ""
	}
	return sel.Sel.Name
}

func isParamOf(fn *types.Func, v *types.Var) bool {
	for p := range fn.Signature().Params().Variables() {
		if p == v {
			return true
		}
	}
	return false
}

func isNil(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.IsNil()
}

// optionGuard returns the guard of if x.f == nil, in u, when u has
// applied its variadic options parameter to the local x before it (for _,
// o := range opts { o(x) }) and nothing else writes x.f: the branch runs
// when no option set f.
func (a *pkgAnalysis) optionGuard(u *unit, is *ast.IfStmt) (guard, bool) {
	sig := u.fn.Signature()
	if !sig.Variadic() {
		return guard{}, false
	}
	opts := sig.Params().At(sig.Params().Len() - 1)
	cond, ok := ast.Unparen(is.Cond).(*ast.BinaryExpr)
	if !ok || cond.Op != token.EQL || !isNil(a.info, cond.Y) {
		return guard{}, false
	}
	sel, ok := ast.Unparen(cond.X).(*ast.SelectorExpr)
	if !ok {
		return guard{}, false
	}
	xid, ok := sel.X.(*ast.Ident)
	if !ok {
		return guard{}, false
	}
	x, ok := a.objOf(xid).(*types.Var)
	if !ok || a.params[x].fn != nil {
		return guard{}, false
	}
	if _, ok := x.Type().(*types.Pointer); !ok {
		return guard{}, false // the options set copies
	}
	field, ok := a.info.Uses[sel.Sel].(*types.Var)
	if !ok || !field.IsField() {
		return guard{}, false
	}
	// for _, o := range opts { o(x) }, a statement of the body itself (it
	// always runs) before the if.
	applied := false
	var loop *ast.RangeStmt
	if body, ok := u.body.(*ast.BlockStmt); ok {
		for _, st := range body.List {
			n, ok := st.(*ast.RangeStmt)
			if !ok || n.End() > is.Pos() || n.Value == nil || len(n.Body.List) != 1 {
				continue
			}
			if id, ok := n.X.(*ast.Ident); !ok || a.objOf(id) != opts {
				continue
			}
			if es, ok := n.Body.List[0].(*ast.ExprStmt); ok {
				if call, ok := es.X.(*ast.CallExpr); ok && len(call.Args) == 1 {
					if f, ok := call.Fun.(*ast.Ident); ok && a.objOf(f) == a.objOf(identOf(n.Value)) {
						if arg, ok := call.Args[0].(*ast.Ident); ok && a.objOf(arg) == x {
							applied, loop = true, n
						}
					}
				}
			}
		}
	}
	if !applied {
		return guard{}, false
	}
	// Before the if, outside the loop, x may only select its fields: a
	// method, a helper given x, *x = ... or a copy of x could clear f.
	written := false
	uses, fieldUses := 0, 0
	ast.Inspect(u.body, func(n ast.Node) bool {
		if n == nil || n == loop || n.Pos() >= is.Pos() && !contains(is.Body, n) {
			return n != loop && n != nil && n.Pos() < is.End()
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			// x.f written anywhere but in the default's branch; opts
			// or an element of it written at all
			for _, l := range n.Lhs {
				l = ast.Unparen(l)
				if s, ok := l.(*ast.SelectorExpr); ok && a.info.Uses[s.Sel] == field && !contains(is.Body, n) {
					written = true
				}
				if ix, ok := l.(*ast.IndexExpr); ok {
					l = ast.Unparen(ix.X)
				}
				if id, ok := l.(*ast.Ident); ok && a.objOf(id) == opts {
					written = true
				}
			}
		case *ast.UnaryExpr:
			if s, ok := ast.Unparen(n.X).(*ast.SelectorExpr); ok && n.Op == token.AND && a.info.Uses[s.Sel] == field {
				written = true
			}
		case *ast.SelectorExpr:
			if id, ok := n.X.(*ast.Ident); ok && a.info.Uses[id] == x && n.Pos() < is.Pos() {
				if s, ok := a.info.Selections[n]; ok && s.Kind() == types.FieldVal {
					fieldUses++
				}
			}
		case *ast.Ident:
			if a.info.Uses[n] == x && n.Pos() < is.Pos() {
				uses++
			}
		}
		return true
	})
	if written || uses != fieldUses || a.addressed[x] || len(a.assigns[x]) != 1 {
		return guard{}, false
	}
	return guard{Param: sig.Params().Len() - 1, Cond: optionCond(field.Name()), Want: false}, true
}

// optionGiven reports whether args (a variadic options parameter's
// arguments) set field to something not nil: an option that sets it (the
// Option fact, or this package's constructor) given a value that is not
// nil, followed only by options known to set other fields.
func (a *pkgAnalysis) optionGiven(args []ast.Expr, field string) bool {
	set := false
	for _, arg := range args {
		var o Option
		call, ok := ast.Unparen(arg).(*ast.CallExpr)
		if ok {
			if fn := typeutil.StaticCallee(a.info, call); fn != nil {
				if fn.Pkg() == a.pass.Pkg {
					if u := a.funcUnits[fn]; u != nil && u.decl != nil {
						o.Field = optionField(a.info, fn, u.decl.Body)
					}
				} else {
					a.pass.ImportObjectFact(fn, &o)
				}
			}
		}
		switch {
		case o.Field == field:
			set = len(call.Args) == 1 && a.notNil(call.Args[0], 0)
		case o.Field == "":
			set = false // an option that may set it again
		}
	}
	return set
}

// notNil reports whether e surely is not nil: the address of a composite
// literal, a composite literal, the result of a call (a constructor's, as
// a client is made), or a local assigned only such values. Not a
// parameter, a field, a package variable or a zero value: an optional
// client left nil.
func (a *pkgAnalysis) notNil(e ast.Expr, depth int) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		return true
	case *ast.UnaryExpr:
		_, ok := ast.Unparen(x.X).(*ast.CompositeLit)
		return ok && x.Op == token.AND
	case *ast.CallExpr:
		if tv, ok := a.info.Types[x.Fun]; ok && tv.IsType() {
			return len(x.Args) == 1 && a.notNil(x.Args[0], depth) // a conversion
		}
		return !isNil(a.info, x)
	case *ast.Ident:
		v, ok := a.objOf(x).(*types.Var)
		if !ok || depth > 3 || v.Parent() == nil || v.Parent() == v.Pkg().Scope() || a.params[v].fn != nil || a.addressed[v] || len(a.assigns[v]) == 0 {
			return false
		}
		for _, val := range a.assigns[v] {
			if !a.notNil(val, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// optionField name of a guard's condition, if it is an option's.
func optionFieldOf(cond string) (string, bool) {
	f, ok := strings.CutPrefix(cond, "set(")
	if !ok {
		return "", false
	}
	return strings.CutSuffix(f, ")")
}
