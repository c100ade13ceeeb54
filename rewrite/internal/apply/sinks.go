package apply

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/dave/dst"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/ctxlint/ctxlint/internal/ctxtypes"
	"github.com/ctxlint/ctxlint/rewrite/internal/source"
)

// netLookups are the net package's lookups whose Resolver method takes
// the same arguments after a context.
var netLookups = map[string]bool{
	"LookupHost": true, "LookupAddr": true, "LookupCNAME": true, "LookupMX": true,
	"LookupNS": true, "LookupTXT": true, "LookupSRV": true,
}

// sink makes the blocking call at pos take the threaded context:
// http.NewRequest → NewRequestWithContext for the request a Do sends,
// exec.Command → CommandContext, net.Dial and DialTimeout → a Dialer's
// DialContext, net lookups → net.DefaultResolver's, and a method or
// function M with an MContext or MWithContext sibling → that sibling. A
// context argument is already handled (Empty).
func (e *edit) sink(lparen token.Pos) {
	if call := e.p.CallByLparen(lparen); call != nil {
		e.sinkAt(call)
	}
}

func (e *edit) sinkAt(call *ast.CallExpr) {
	f := e.p.FileAt(call.Pos())
	info := f.Pkg.TypesInfo
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn == nil {
		e.fail("%s: cannot tell what the blocking call calls", e.p.Fset.Position(call.Pos()))
		return
	}
	if ctxtypes.ContextParam(fn.Signature()) >= 0 {
		return // its context argument is the Empty edit's
	}
	ctx, threaded := e.ctxAt(call.Pos())
	if !threaded && !e.a.todo {
		return // the function around it was not given a ctx: refused elsewhere
	}
	dc, ok := e.dstOf(call).(*dst.CallExpr)
	if !ok {
		e.fail("%s: cannot edit the call", e.p.Fset.Position(call.Pos()))
		return
	}
	pkg := ""
	if fn.Pkg() != nil {
		pkg = fn.Pkg().Path()
	}
	recv := ""
	if r := fn.Signature().Recv(); r != nil {
		recv = types.TypeString(r.Type(), nil)
	}
	switch {
	case recv == "*net/http.Client" && fn.Name() == "Do", (recv == "*net/http.Transport" || recv == "net/http.RoundTripper") && fn.Name() == "RoundTrip":
		e.requestContext(call, info)
	case pkg == "net/http" && recv == "" && (fn.Name() == "Get" || fn.Name() == "Post" || fn.Name() == "Head"),
		recv == "*net/http.Client" && (fn.Name() == "Get" || fn.Name() == "Post" || fn.Name() == "Head"):
		e.httpShortcut(call, dc, fn, recv != "", ctx)
	case pkg == "net/http" && recv == "" && fn.Name() == "NewRequest":
		e.renameCall(dc, "NewRequestWithContext", ctx) // the request a caller's Do sends (requestAbove)
	case recv == "*os/exec.Cmd":
		e.commandContext(call, info)
	case pkg == "os/exec" && fn.Name() == "Command":
		e.renameCall(dc, "CommandContext", ctx)
	case pkg == "net" && recv == "" && (fn.Name() == "Dial" || fn.Name() == "DialTimeout"):
		dialer := &dst.CompositeLit{Type: &dst.Ident{Name: "Dialer", Path: "net"}}
		if fn.Name() == "DialTimeout" && len(dc.Args) == 3 {
			dialer.Elts = []dst.Expr{&dst.KeyValueExpr{Key: dst.NewIdent("Timeout"), Value: dc.Args[2]}}
			dc.Args = dc.Args[:2]
		}
		dc.Fun = &dst.SelectorExpr{X: &dst.ParenExpr{X: &dst.UnaryExpr{Op: token.AND, X: dialer}}, Sel: dst.NewIdent("DialContext")}
		dc.Args = append([]dst.Expr{ctx}, dc.Args...)
	case pkg == "crypto/tls" && recv == "" && (fn.Name() == "Dial" || fn.Name() == "DialWithDialer"):
		e.tlsDial(call, dc, fn, ctx)
	case pkg == "net" && recv == "" && netLookups[fn.Name()]:
		dc.Fun = &dst.SelectorExpr{X: &dst.Ident{Name: "DefaultResolver", Path: "net"}, Sel: dst.NewIdent(fn.Name())}
		dc.Args = append([]dst.Expr{ctx}, dc.Args...)
	default:
		if sib := contextSibling(fn); sib != "" {
			e.renameCall(dc, sib, ctx)
			return
		}
		if i, opts := optionsParam(fn); opts != nil && i < len(dc.Args) {
			// kv.List(prefix, nil) → kv.List(prefix, (&api.QueryOptions{}).WithContext(ctx))
			arg := dc.Args[i]
			if wc, ok := arg.(*dst.CallExpr); ok && len(wc.Args) == 1 {
				if sel, ok := wc.Fun.(*dst.SelectorExpr); ok && sel.Sel.Name == "WithContext" {
					wc.Args[0] = ctx // given a context already: the loop's instead
					return
				}
			}
			if id, ok := arg.(*dst.Ident); ok && id.Name == "nil" && id.Path == "" {
				arg = &dst.ParenExpr{X: &dst.UnaryExpr{Op: token.AND, X: &dst.CompositeLit{Type: &dst.Ident{Name: opts.Obj().Name(), Path: opts.Obj().Pkg().Path()}}}}
			}
			dc.Args[i] = &dst.CallExpr{Fun: &dst.SelectorExpr{X: arg, Sel: dst.NewIdent("WithContext")}, Args: []dst.Expr{ctx}}
			return
		}
		if e.setContext(call, dc, fn, ctx) {
			return
		}
		e.fail("%s: %s takes no context and has no context form: bound it by hand", e.p.Fset.Position(call.Pos()), fn.FullName())
	}
}

// renameCall calls name instead, with ctx first.
func (e *edit) renameCall(dc *dst.CallExpr, name string, ctx dst.Expr) {
	// Once: a request built by a caller on one path (requestAbove) is
	// also the one another path's Do sends (requestContext).
	if e.renamed[dc] {
		return
	}
	e.renamed[dc] = true
	switch fun := dc.Fun.(type) {
	case *dst.SelectorExpr:
		fun.Sel = dst.NewIdent(name)
	case *dst.Ident:
		dc.Fun = &dst.Ident{Name: name, Path: fun.Path}
	}
	dc.Args = append([]dst.Expr{ctx}, dc.Args...)
}

// contextSibling is the name of fn's context form: MContext or
// MWithContext beside it (a method of the same type, or a function of the
// same package) taking a context and then fn's parameters.
func contextSibling(fn *types.Func) string {
	for _, name := range []string{fn.Name() + "Context", fn.Name() + "WithContext"} {
		var obj types.Object
		if r := fn.Signature().Recv(); r != nil {
			obj, _, _ = types.LookupFieldOrMethod(r.Type(), true, fn.Pkg(), name)
		} else if fn.Pkg() != nil {
			obj = fn.Pkg().Scope().Lookup(name)
		}
		sib, ok := obj.(*types.Func)
		if !ok {
			continue
		}
		ps, qs := fn.Signature().Params(), sib.Signature().Params()
		if qs.Len() < ps.Len()+1 || !ctxtypes.IsContext(qs.At(0).Type()) {
			continue
		}
		same := true
		for i := range ps.Len() {
			if !types.Identical(ps.At(i).Type(), qs.At(i+1).Type()) {
				same = false
			}
		}
		// Extra trailing parameters must be variadic (AWS's request options).
		if same && (qs.Len() == ps.Len()+1 || qs.Len() == ps.Len()+2 && sib.Signature().Variadic() && !fn.Signature().Variadic()) {
			return name
		}
	}
	return ""
}

// commandContext makes the command a (*exec.Cmd) method runs carry ctx,
// where it is built with exec.Command in the call (exec.Command(...).Run())
// or in the function (cmd := exec.Command(...)).
func (e *edit) commandContext(call *ast.CallExpr, info *types.Info) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return
	}
	isCommand := func(c *ast.CallExpr) bool {
		fn, _ := typeutil.Callee(info, c).(*types.Func)
		return fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "os/exec" && fn.Name() == "Command"
	}
	rename := func(c *ast.CallExpr) bool {
		ctx, threaded := e.ctxAt(c.Pos())
		dc, ok := e.dstOf(c).(*dst.CallExpr)
		if threaded && ok {
			e.renameCall(dc, "CommandContext", ctx)
		}
		return threaded && ok
	}
	fn, where := e.enclosingFunc(call.Pos())
	done := false
	switch x := ast.Unparen(sel.X).(type) {
	case *ast.CallExpr: // exec.Command(...).Run()
		done = isCommand(x) && rename(x)
	case *ast.Ident: // cmd := exec.Command(...); cmd.Run()
		for _, c := range source.AssignedCalls(info, fn, info.ObjectOf(x)) {
			if isCommand(c) {
				done = rename(c) || done
			}
		}
	}
	// Anything else (a command a variable's function or a helper builds, a
	// field) is refused: left as it was, it would run unbounded with the
	// set counted as applied.
	if !done {
		e.fail("%s: the command is not built with exec.Command in %s: build it with exec.CommandContext", e.p.Fset.Position(call.Pos()), where)
	}
}

// tlsDial makes tls.Dial(network, addr, config) and
// tls.DialWithDialer(d, network, addr, config) dial with a tls.Dialer's
// DialContext (Go 1.15): its net.Conn is the *tls.Conn the old call
// returned, asserted in a closure called in place so the call keeps its
// type.
func (e *edit) tlsDial(call *ast.CallExpr, dc *dst.CallExpr, fn *types.Func, ctx dst.Expr) {
	args := dc.Args
	var netDialer dst.Expr
	if fn.Name() == "DialWithDialer" {
		if len(args) != 4 {
			e.fail("%s: cannot read the arguments of %s", e.p.Fset.Position(call.Pos()), fn.FullName())
			return
		}
		netDialer, args = args[0], args[1:]
	}
	if len(args) != 3 {
		e.fail("%s: cannot read the arguments of %s", e.p.Fset.Position(call.Pos()), fn.FullName())
		return
	}
	for _, a := range dc.Args {
		a.Decorations().Before, a.Decorations().After = dst.None, dst.None
	}
	t := func(name string) *dst.Ident { return &dst.Ident{Name: name, Path: "crypto/tls"} }
	dialer := &dst.CompositeLit{Type: t("Dialer")}
	if netDialer != nil {
		dialer.Elts = append(dialer.Elts, &dst.KeyValueExpr{Key: dst.NewIdent("NetDialer"), Value: netDialer})
	}
	dialer.Elts = append(dialer.Elts, &dst.KeyValueExpr{Key: dst.NewIdent("Config"), Value: args[2]})
	dial := &dst.CallExpr{
		Fun:  &dst.SelectorExpr{X: &dst.ParenExpr{X: &dst.UnaryExpr{Op: token.AND, X: dialer}}, Sel: dst.NewIdent("DialContext")},
		Args: []dst.Expr{ctx, args[0], args[1]},
	}
	stmts := []dst.Stmt{
		&dst.AssignStmt{Lhs: []dst.Expr{dst.NewIdent("conn"), dst.NewIdent("err")}, Tok: token.DEFINE, Rhs: []dst.Expr{dial}},
		returnIfErr(),
		&dst.ReturnStmt{Results: []dst.Expr{&dst.TypeAssertExpr{X: dst.NewIdent("conn"), Type: &dst.StarExpr{X: t("Conn")}}, dst.NewIdent("nil")}},
	}
	callInPlace(dc, &dst.StarExpr{X: t("Conn")}, stmts)
}

// optionsParam is the index and type of fn's options parameter that can
// carry a context: a *T whose T has WithContext(context.Context) *T (as
// consul's QueryOptions and WriteOptions).
func optionsParam(fn *types.Func) (int, *types.Named) {
	ps := fn.Signature().Params()
	for i := range ps.Len() {
		ptr, ok := ps.At(i).Type().(*types.Pointer)
		if !ok {
			continue
		}
		n, ok := types.Unalias(ptr.Elem()).(*types.Named)
		if !ok || !n.Obj().Exported() {
			continue
		}
		obj, _, _ := types.LookupFieldOrMethod(ptr, true, n.Obj().Pkg(), "WithContext")
		m, ok := obj.(*types.Func)
		if !ok {
			continue
		}
		sig := m.Signature()
		if sig.Params().Len() == 1 && ctxtypes.IsContext(sig.Params().At(0).Type()) && sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), ptr) {
			return i, n
		}
	}
	return -1, nil
}

// setContext gives the receiver of a method the context with its
// SetContext method, in a statement before the call's (the AWS SDK v1
// request form: req.SetContext(ctx); req.Send()). The receiver must be a
// variable, so that the statement sets the one the call uses.
func (e *edit) setContext(call *ast.CallExpr, dc *dst.CallExpr, fn *types.Func, ctx dst.Expr) bool {
	recv := fn.Signature().Recv()
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if recv == nil || !ok {
		return false
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(recv.Type(), true, fn.Pkg(), "SetContext")
	m, ok := obj.(*types.Func)
	if !ok || m.Signature().Params().Len() != 1 || !ctxtypes.IsContext(m.Signature().Params().At(0).Type()) {
		return false
	}
	_, path := e.p.Enclosing(call.Pos())
	for i, n := range path {
		st, ok := n.(ast.Stmt)
		if !ok || i+1 >= len(path) {
			continue
		}
		switch path[i+1].(type) {
		case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
		default:
			continue
		}
		list := e.stmtList(st)
		ds, ok := e.dstOf(st).(dst.Stmt)
		if list == nil || !ok {
			return false
		}
		set := &dst.ExprStmt{X: &dst.CallExpr{Fun: &dst.SelectorExpr{X: dst.NewIdent(id.Name), Sel: dst.NewIdent("SetContext")}, Args: []dst.Expr{ctx}}}
		set.Decs.Before = dst.NewLine
		j := slices.Index(*list, ds)
		*list = slices.Insert(*list, j, dst.Stmt(set))
		return true
	}
	return false
}

// enclosingFunc is the declaration around pos, or the function literal
// when it is outside any (a package variable's initializer), and its name
// for messages.
func (e *edit) enclosingFunc(pos token.Pos) (ast.Node, string) {
	inner, decl := e.p.FuncAt(pos)
	if decl != nil {
		return decl, decl.Name.Name
	}
	return inner, "the function literal"
}
