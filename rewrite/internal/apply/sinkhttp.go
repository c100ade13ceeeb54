package apply

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/ctxlint/ctxlint/internal/astwalk"
	"github.com/ctxlint/ctxlint/rewrite/internal/source"
	"github.com/dave/dst"
	"golang.org/x/tools/go/types/typeutil"
)

// HTTP sinks take the context through their request: a request built with
// http.NewRequest gets its context form, and a shortcut (http.Get,
// client.Post) becomes the request it stands for.

// requestContext makes the request a Do or RoundTrip sends carry ctx:
// where the function builds it with http.NewRequest, that call becomes
// NewRequestWithContext; otherwise (a helper of the module built it, or a
// parameter brought it) the call sends req.WithContext(ctx).
func (e *edit) requestContext(call *ast.CallExpr, info *types.Info) {
	if len(call.Args) != 1 {
		return
	}
	if id, ok := ast.Unparen(call.Args[0]).(*ast.Ident); ok {
		fn, _ := e.enclosingFunc(call.Pos())
		done := false
		for _, nr := range source.AssignedCalls(info, fn, info.ObjectOf(id)) {
			fn, _ := typeutil.Callee(info, nr).(*types.Func)
			if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "net/http" {
				continue
			}
			if fn.Name() == "NewRequestWithContext" {
				done = true // it has one: the context it is given is the Empty edit's
				continue
			}
			if fn.Name() != "NewRequest" {
				continue
			}
			ctx, threaded := e.ctxAt(nr.Pos())
			if !threaded {
				continue
			}
			if dc, ok := e.dstOf(nr).(*dst.CallExpr); ok {
				e.renameCall(dc, "NewRequestWithContext", ctx)
				done = true
			}
		}
		if done {
			return
		}
	}
	ctx, threaded := e.ctxAt(call.Lparen)
	if !threaded {
		e.fail("%s: no context in scope to give the request", e.p.Fset.Position(call.Pos()))
		return
	}
	dc, ok := e.dstOf(call).(*dst.CallExpr)
	if !ok || len(dc.Args) != 1 {
		e.fail("%s: cannot edit the call", e.p.Fset.Position(call.Pos()))
		return
	}
	if wc, ok := call.Args[0].(*ast.CallExpr); ok && isRequestWithContext(info, wc) {
		// Sent as req.WithContext(c) already, with a context that is not
		// the loop's: give it the loop's instead of wrapping again.
		if dwc, ok := dc.Args[0].(*dst.CallExpr); ok && len(dwc.Args) == 1 {
			dwc.Args[0] = ctx
			return
		}
	}
	dc.Args[0] = &dst.CallExpr{Fun: &dst.SelectorExpr{X: dc.Args[0], Sel: dst.NewIdent("WithContext")}, Args: []dst.Expr{ctx}}
}

// isRequestWithContext reports whether call is (*http.Request).WithContext.
func isRequestWithContext(info *types.Info, call *ast.CallExpr) bool {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	return fn != nil && fn.Name() == "WithContext" && fn.Pkg() != nil && fn.Pkg().Path() == "net/http"
}

// httpShortcut rewrites http.Get, Head and Post (or a client's) into the
// same request built with http.NewRequestWithContext and sent with Do, in
// a function literal called in place, so that it stays one expression
// with the same results and errors as the shortcut:
//
//	func() (*http.Response, error) {
//		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
//		if err != nil {
//			return nil, err
//		}
//		return http.DefaultClient.Do(req)
//	}()
func (e *edit) httpShortcut(call *ast.CallExpr, dc *dst.CallExpr, fn *types.Func, method bool, ctx dst.Expr) {
	h := func(name string) *dst.Ident { return &dst.Ident{Name: name, Path: "net/http"} }
	var client dst.Expr = h("DefaultClient")
	if method {
		sel, ok := dc.Fun.(*dst.SelectorExpr)
		if !ok {
			e.fail("%s: cannot tell the client of %s", e.p.Fset.Position(call.Pos()), fn.FullName())
			return
		}
		client = sel.X
	}
	args := dc.Args
	var body dst.Expr = dst.NewIdent("nil")
	var header dst.Stmt
	switch fn.Name() {
	case "Get", "Head":
		if len(args) != 1 {
			return
		}
	case "Post":
		if len(args) != 3 {
			return
		}
		body = args[2]
		header = &dst.ExprStmt{X: &dst.CallExpr{
			Fun:  &dst.SelectorExpr{X: &dst.SelectorExpr{X: dst.NewIdent("req"), Sel: dst.NewIdent("Header")}, Sel: dst.NewIdent("Set")},
			Args: []dst.Expr{&dst.BasicLit{Kind: token.STRING, Value: `"Content-Type"`}, args[1]},
		}}
	}
	for _, a := range args {
		a.Decorations().Before, a.Decorations().After = dst.None, dst.None
	}
	method2 := map[string]string{"Get": "MethodGet", "Head": "MethodHead", "Post": "MethodPost"}[fn.Name()]
	newReq := &dst.CallExpr{Fun: h("NewRequestWithContext"), Args: []dst.Expr{ctx, h(method2), args[0], body}}
	if e.httpStatements(call, client, newReq, header) {
		return
	}
	stmts := []dst.Stmt{
		&dst.AssignStmt{
			Lhs: []dst.Expr{dst.NewIdent("req"), dst.NewIdent("err")},
			Tok: token.DEFINE,
			Rhs: []dst.Expr{newReq},
		},
		returnIfErr(),
	}
	if header != nil {
		stmts = append(stmts, header)
	}
	stmts = append(stmts, &dst.ReturnStmt{Results: []dst.Expr{&dst.CallExpr{
		Fun:  &dst.SelectorExpr{X: client, Sel: dst.NewIdent("Do")},
		Args: []dst.Expr{dst.NewIdent("req")},
	}}})
	callInPlace(dc, &dst.StarExpr{X: h("Response")}, stmts)
}

// returnIfErr is "if err != nil { return nil, err }".
func returnIfErr() dst.Stmt {
	return &dst.IfStmt{Cond: &dst.BinaryExpr{X: dst.NewIdent("err"), Op: token.NEQ, Y: dst.NewIdent("nil")}, Body: &dst.BlockStmt{List: []dst.Stmt{
		&dst.ReturnStmt{Results: []dst.Expr{dst.NewIdent("nil"), dst.NewIdent("err")}},
	}}}
}

// callInPlace makes dc a call of a closure, called in place, that runs
// stmts and returns (result, error): the call keeps its type and place.
func callInPlace(dc *dst.CallExpr, result dst.Expr, stmts []dst.Stmt) {
	dc.Fun = &dst.FuncLit{
		Type: &dst.FuncType{Func: true, Params: &dst.FieldList{}, Results: &dst.FieldList{List: []*dst.Field{
			{Type: result},
			{Type: dst.NewIdent("error")},
		}}},
		Body: &dst.BlockStmt{List: stmts},
	}
	dc.Args = nil
}

// httpStatements writes "resp, err := http.Get(u)", followed by its error
// check, as the statements a person writes:
//
//	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
//	if err != nil { <the same check> }
//	resp, err := http.DefaultClient.Do(req)
//	if err != nil { <the check> }
//
// It reports false, leaving the call alone, where the call is not such a
// statement (inside a larger expression, or without that check after it):
// the caller then calls a closure in place.
func (e *edit) httpStatements(call *ast.CallExpr, client, newReq dst.Expr, header dst.Stmt) bool {
	_, path := e.p.Enclosing(call.Pos())
	k := slices.Index(path, ast.Node(call))
	if k < 0 || len(path) < k+3 {
		return false
	}
	path = path[k:]
	as, ok := path[1].(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 2 || len(as.Rhs) != 1 {
		return false
	}
	errID, ok := as.Lhs[1].(*ast.Ident)
	if !ok || errID.Name == "_" {
		return false
	}
	list, ok := astwalk.Stmts(path[2])
	if !ok {
		return false
	}
	i := slices.Index(list, ast.Stmt(as))
	if i < 0 || i+1 >= len(list) {
		return false
	}
	check, ok := list[i+1].(*ast.IfStmt)
	if !ok || check.Init != nil || check.Else != nil || len(check.Body.List) == 0 || !isErrCheck(check.Cond, errID.Name) {
		return false
	}
	if mentions(check.Body, as.Lhs[0]) {
		return false // the check reads the response: it cannot come before it
	}
	dlist := e.stmtList(as)
	if dlist == nil {
		return false
	}
	f := e.p.FileAt(call.Pos())
	fn, _ := e.enclosingFunc(call.Pos())
	if fn == nil {
		return false
	}
	reqName := freeName(fn, "req", f.Pkg.TypesInfo, false)
	das, ok := e.dstOf(as).(*dst.AssignStmt)
	if !ok {
		return false
	}
	j := slices.Index(*dlist, dst.Stmt(das))
	dcheck, ok := e.dstOf(check).(*dst.IfStmt)
	if j < 0 || !ok {
		return false
	}
	build := &dst.AssignStmt{Lhs: []dst.Expr{dst.NewIdent(reqName), dst.NewIdent(errID.Name)}, Tok: token.DEFINE, Rhs: []dst.Expr{newReq}}
	build.Decs.NodeDecs = das.Decs.NodeDecs
	das.Decs.NodeDecs = dst.NodeDecs{}
	stmts := []dst.Stmt{build, dst.Clone(dcheck).(dst.Stmt)}
	if header != nil {
		header.(*dst.ExprStmt).X.(*dst.CallExpr).Fun.(*dst.SelectorExpr).X.(*dst.SelectorExpr).X = dst.NewIdent(reqName)
		stmts = append(stmts, header)
	}
	das.Rhs[0] = &dst.CallExpr{Fun: &dst.SelectorExpr{X: client, Sel: dst.NewIdent("Do")}, Args: []dst.Expr{dst.NewIdent(reqName)}}
	*dlist = slices.Insert(*dlist, j, stmts...)
	return true
}

// mentions reports whether n uses the identifier lhs names.
func mentions(n ast.Node, lhs ast.Expr) bool {
	id, ok := lhs.(*ast.Ident)
	if !ok {
		return true
	}
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if x, ok := n.(*ast.Ident); ok && x.Name == id.Name {
			found = true
		}
		return !found
	})
	return found
}

// isErrCheck reports whether cond is "name != nil".
func isErrCheck(cond ast.Expr, name string) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != token.NEQ {
		return false
	}
	x, ok1 := ast.Unparen(b.X).(*ast.Ident)
	y, ok2 := ast.Unparen(b.Y).(*ast.Ident)
	return ok1 && ok2 && x.Name == name && y.Name == "nil"
}
