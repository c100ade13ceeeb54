package apply

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/ctxlint/ctxlint/internal/ctxtypes"
	"github.com/ctxlint/ctxlint/rewrite/internal/source"
	"github.com/dave/dst"
	"golang.org/x/tools/go/types/typeutil"
)

// funcNodeAt is the declared function, literal, func type or interface
// method at pos, as planned in AddParam.
func (e *edit) funcNodeAt(pos token.Pos) (fn ast.Node, ft *ast.FuncType) {
	f := e.p.FileAt(pos)
	if f == nil {
		return nil, nil
	}
	if d := e.p.Funcs[pos]; d != nil {
		return d.Decl, d.Decl.Type
	}
	ast.Inspect(f.Syntax, func(n ast.Node) bool {
		if fn != nil || n == nil || n.End() < pos || n.Pos() > pos {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			if n.Type.Pos() == pos {
				fn, ft = n, n.Type
			}
		case *ast.FuncType:
			if n.Pos() == pos {
				fn, ft = n, n
			}
		case *ast.Field: // an interface method
			if t, ok := n.Type.(*ast.FuncType); ok && len(n.Names) == 1 && n.Names[0].Pos() == pos {
				fn, ft = n, t
			}
		}
		return true
	})
	return fn, ft
}

func contextType() dst.Expr { return &dst.Ident{Name: "Context", Path: "context"} }

// addParam gives a function, literal, func type or interface method a
// context.Context first parameter.
func (e *edit) addParam(pos token.Pos) {
	if by, ok := e.gained[pos]; ok {
		if by == e.set {
			return
		}
		e.fail("%s gains a ctx parameter from two change sets (%s, and %s): one declaration takes one context; this is a bug of ctxlint's plan, please report it", e.p.Fset.Position(pos), by.Name, e.set.Name)
		return
	}
	e.gained[pos] = e.set
	fn, ft := e.funcNodeAt(pos)
	if ft == nil {
		e.fail("%s: no function to give a ctx parameter", e.p.Fset.Position(pos))
		return
	}
	dft, ok := e.dstOf(ft).(*dst.FuncType)
	if !ok {
		e.fail("%s: no function to give a ctx parameter", e.p.Fset.Position(pos))
		return
	}
	named := false
	for _, fld := range dft.Params.List {
		if len(fld.Names) > 0 {
			named = true
		}
	}
	var name string
	switch fn.(type) {
	case *ast.FuncDecl, *ast.FuncLit:
		f := e.p.FileAt(pos)
		name = e.params[f.Pkg.TypesInfo.Scopes[ft]]
		if name == "" {
			name = "ctx"
		}
		if !named { // func(int, string): name them all
			for _, fld := range dft.Params.List {
				fld.Names = []*dst.Ident{dst.NewIdent("_")}
			}
		}
	case *ast.Field: // interface method: named as its parameters are
		if named || len(dft.Params.List) == 0 {
			name = "ctx"
		}
	default: // func type expression
		if named {
			name = "ctx"
		}
	}
	field := &dst.Field{Type: contextType()}
	if name != "" {
		field.Names = []*dst.Ident{dst.NewIdent(name)}
	}
	dft.Params.List = append([]*dst.Field{field}, dft.Params.List...)
	if body := source.FuncBody(fn); body != nil {
		for _, st := range body.List {
			if e.drop[st] {
				if list := e.stmtList(st); list != nil {
					ds := e.dstOf(st).(dst.Stmt)
					*list = slices.DeleteFunc(*list, func(x dst.Stmt) bool { return x == ds })
				}
			}
		}
	}
}

// passCtx makes the call at pos pass the context in scope first.
func (e *edit) passCtx(pos token.Pos) {
	call := e.p.CallByLparen(pos)
	if call == nil {
		e.fail("%s: no call", e.p.Fset.Position(pos))
		return
	}
	dc, ok := e.dstOf(call).(*dst.CallExpr)
	if !ok {
		e.fail("%s: no call", e.p.Fset.Position(pos))
		return
	}
	ctx, _ := e.ctxAt(call.Lparen)
	if fn, ok := typeutil.Callee(e.p.FileAt(pos).Pkg.TypesInfo, call).(*types.Func); ok {
		if name, ok := e.compatNames[fn.Origin().Pos()]; ok {
			switch fun := dc.Fun.(type) {
			case *dst.Ident:
				fun.Name = name
			case *dst.SelectorExpr:
				fun.Sel.Name = name
			case *dst.IndexExpr:
				if id, ok := fun.X.(*dst.Ident); ok {
					id.Name = name
				}
			}
		}
	}
	if len(call.Args) == 1 && call.Ellipsis == token.NoPos {
		f := e.p.FileAt(pos)
		if t, ok := f.Pkg.TypesInfo.TypeOf(call.Args[0]).(*types.Tuple); ok && t.Len() > 1 {
			e.spread(call, dc, t)
			if len(dc.Args) != t.Len() {
				return // failed, said why
			}
		}
	}
	dc.Args = append([]dst.Expr{ctx}, dc.Args...)
}

// spread turns F(G()), where G returns several values, into
// "a, b := G()" before the statement and F(a, b), so that F can take ctx
// first. Only where hoisting G keeps the order of evaluation: the call
// sits in a plain statement of a list, or in the init of an if or switch
// that is one, not in a loop's header or a branch's condition.
func (e *edit) spread(call *ast.CallExpr, dc *dst.CallExpr, t *types.Tuple) {
	f, path := e.p.Enclosing(call.Lparen)
	var stmt ast.Stmt
	for i, n := range path {
		st, ok := n.(ast.Stmt)
		if !ok {
			continue
		}
		switch st.(type) {
		case *ast.ExprStmt, *ast.AssignStmt, *ast.ReturnStmt, *ast.DeclStmt, *ast.GoStmt, *ast.DeferStmt:
			if i+1 < len(path) && inList(path[i+1]) {
				stmt = st
			} else if i+2 < len(path) && initOf(path[i+1]) == st && inList(path[i+2]) {
				// if err := F(G()); err != nil: the init runs first,
				// so G may run just before the if.
				stmt = path[i+1].(ast.Stmt)
			}
		}
		break
	}
	if stmt == nil {
		e.fail("%s: %s takes the values of a call in a place where they cannot be named first: give them names by hand", e.p.Fset.Position(call.Pos()), types.ExprString(call.Fun))
		return
	}
	list := e.stmtList(stmt)
	_, decl := e.p.FuncAt(call.Pos())
	var names []dst.Expr
	var lhs []dst.Expr
	sig, _ := f.Pkg.TypesInfo.TypeOf(call.Fun).Underlying().(*types.Signature)
	taken := e.spreadNames[decl]
	if taken == nil {
		taken = map[string]bool{}
		e.spreadNames[decl] = taken
	}
	for i := range t.Len() {
		base := fmt.Sprintf("v%d", i+1)
		if sig != nil && i < sig.Params().Len() {
			if n := sig.Params().At(i).Name(); n != "" && n != "_" {
				base = n
			}
		}
		name := freeName(decl, base, f.Pkg.TypesInfo, false)
		for n := 2; taken[name]; n++ {
			name = freeName(decl, fmt.Sprintf("%s%d", base, n), f.Pkg.TypesInfo, false)
		}
		taken[name] = true
		names = append(names, dst.NewIdent(name))
		lhs = append(lhs, dst.NewIdent(name))
	}
	ds, ok := e.dstOf(stmt).(dst.Stmt)
	if list == nil || !ok {
		e.fail("%s: cannot name the values of %s", e.p.Fset.Position(call.Pos()), types.ExprString(call.Args[0]))
		return
	}
	inner := dc.Args[0]
	inner.Decorations().Before, inner.Decorations().After = dst.None, dst.None
	assign := &dst.AssignStmt{Lhs: lhs, Tok: token.DEFINE, Rhs: []dst.Expr{inner}}
	assign.Decs.Before = dst.NewLine
	i := slices.Index(*list, ds)
	*list = slices.Insert(*list, i, dst.Stmt(assign))
	dc.Args = names
}

// inList reports whether n holds a list of statements.
func inList(n ast.Node) bool {
	switch n.(type) {
	case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
		return true
	}
	return false
}

// initOf is the init statement of an if or a switch.
func initOf(n ast.Node) ast.Stmt {
	switch n := n.(type) {
	case *ast.IfStmt:
		return n.Init
	case *ast.SwitchStmt:
		return n.Init
	case *ast.TypeSwitchStmt:
		return n.Init
	}
	return nil
}

// empty replaces context.Background() or context.TODO() at pos, or the
// read of a context kept in a struct field, with the threaded context,
// where one is in scope.
func (e *edit) empty(pos token.Pos) {
	var call ast.Expr
	if c := e.p.CallAt(pos, nil); c != nil {
		call = c
	} else if sel := e.contextField(pos); sel != nil {
		call = sel
	} else {
		return
	}
	if _, path := e.p.Enclosing(call.Pos()); len(path) > 0 {
		for _, n := range path {
			if st, ok := n.(ast.Stmt); ok && e.drop[st] {
				return // "ctx := context.Background()", which the parameter replaces
			}
		}
	}
	ctx, threaded := e.ctxAt(pos)
	if !threaded {
		return
	}
	e.replace(call, ctx)
}

// contextField is the read of a struct field holding a context at pos
// (c.ctx), where the path's context goes instead; the field stays for its
// other uses.
func (e *edit) contextField(pos token.Pos) *ast.SelectorExpr {
	f, path := e.p.Enclosing(pos)
	for _, n := range path {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok || sel.Pos() != pos {
			continue
		}
		if s, ok := f.Pkg.TypesInfo.Selections[sel]; ok && s.Kind() == types.FieldVal && ctxtypes.IsContext(s.Type()) {
			return sel
		}
	}
	return nil
}

// compat renames the function at pos FContext and keeps a wrapper under
// its old name and signature for callers outside the loaded packages:
//
//	// F is FContext without a context.
//	//
//	// Deprecated: use FContext, which takes the context the call runs under.
//	//
//	//go:fix inline
//	func F(a A) B { return FContext(context.TODO(), a) }
func (e *edit) compat(pos token.Pos) {
	f := e.p.Funcs[pos]
	dd, ok := e.dstOf(f.Decl).(*dst.FuncDecl)
	if !ok {
		e.fail("%s: cannot edit %s", e.p.Fset.Position(pos), f.Decl.Name.Name)
		return
	}
	old, name := dd.Name.Name, e.compatNames[pos]
	typ := dst.Clone(dd.Type).(*dst.FuncType)
	var recv *dst.FieldList
	if dd.Recv != nil {
		recv = dst.Clone(dd.Recv).(*dst.FieldList)
		if len(recv.List) == 1 && (len(recv.List[0].Names) == 0 || recv.List[0].Names[0].Name == "_") {
			recv.List[0].Names = []*dst.Ident{dst.NewIdent("x")}
		}
	}
	args := []dst.Expr{&dst.CallExpr{Fun: &dst.Ident{Name: "TODO", Path: "context"}}}
	ellipsis := false
	i := 0
	for _, fld := range typ.Params.List {
		if len(fld.Names) == 0 {
			fld.Names = []*dst.Ident{dst.NewIdent("")}
		}
		for _, n := range fld.Names {
			if n.Name == "" || n.Name == "_" {
				n.Name = fmt.Sprintf("p%d", i)
			}
			args = append(args, dst.NewIdent(n.Name))
			i++
		}
		if _, ok := fld.Type.(*dst.Ellipsis); ok {
			ellipsis = true
		}
	}
	var fun dst.Expr = dst.NewIdent(name)
	if recv != nil {
		fun = &dst.SelectorExpr{X: dst.NewIdent(recv.List[0].Names[0].Name), Sel: dst.NewIdent(name)}
	}
	call := &dst.CallExpr{Fun: fun, Args: args, Ellipsis: ellipsis}
	var body dst.Stmt = &dst.ReturnStmt{Results: []dst.Expr{call}}
	if typ.Results == nil || len(typ.Results.List) == 0 {
		body = &dst.ExprStmt{X: call}
	}
	for _, fld := range typ.Params.List {
		fld.Decs = dst.FieldDecorations{}
	}
	w := &dst.FuncDecl{Recv: recv, Name: dst.NewIdent(old), Type: typ, Body: &dst.BlockStmt{List: []dst.Stmt{body}}}
	w.Decs.Before = dst.EmptyLine
	w.Decs.After = dst.EmptyLine
	w.Decs.Start.Append(
		fmt.Sprintf("// %s is %s without a context.", old, name),
		"//",
		fmt.Sprintf("// Deprecated: use %s, which takes the context the call runs under.", name),
		"//",
		"//go:fix inline",
	)
	dd.Name.Name = name
	for i, line := range dd.Decs.Start { // the doc comment starts with the name
		if strings.HasPrefix(line, "// "+old+" ") {
			dd.Decs.Start[i] = "// " + name + line[len("// "+old):]
			break
		}
	}
	df := e.files[f.File.Name]
	for i, d := range df.Decls {
		if d == dd {
			df.Decls = slices.Insert(df.Decls, i+1, dst.Decl(w))
			return
		}
	}
	e.fail("%s: cannot place the wrapper of %s", e.p.Fset.Position(pos), old)
}

// nameCtx names the blank or unnamed context parameter of the function
// whose type is at pos (the other parameters of an unnamed list become _),
// and records the name for the calls inside.
func (e *edit) nameCtx(pos token.Pos) {
	fn, ft := e.funcTypeAt(pos)
	if ft == nil {
		e.fail("%s: no function to name the context of", e.p.Fset.Position(pos))
		return
	}
	f := e.p.FileAt(pos)
	info := f.Pkg.TypesInfo
	dft, ok := e.dstOf(ft).(*dst.FuncType)
	if !ok {
		e.fail("%s: cannot edit the parameters", e.p.Fset.Position(pos))
		return
	}
	name := freeName(fn, "ctx", info, false)
	for i, fld := range ft.Params.List {
		df := dft.Params.List[i]
		isCtx := false
		if t := info.TypeOf(fld.Type); t != nil && ctxtypes.IsContext(t) {
			isCtx = true
		}
		switch {
		case isCtx && len(df.Names) <= 1:
			df.Names = []*dst.Ident{dst.NewIdent(name)}
		case len(df.Names) == 0:
			df.Names = []*dst.Ident{dst.NewIdent("_")}
		}
	}
	if scope := info.Scopes[ft]; scope != nil {
		e.params[scope] = name
	}
}

// funcTypeAt is the function (declaration or literal) whose type starts
// at pos, and the type.
func (e *edit) funcTypeAt(pos token.Pos) (ast.Node, *ast.FuncType) {
	_, path := e.p.Enclosing(pos)
	for _, n := range path {
		if ft := source.FuncType(n); ft != nil && ft.Pos() == pos {
			return n, ft
		}
	}
	return nil, nil
}
