package apply

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"slices"

	"github.com/ctxlint/ctxlint/internal/ctxtypes"
	"github.com/ctxlint/ctxlint/rewrite/internal/change"
	"github.com/ctxlint/ctxlint/rewrite/internal/loopshape"
	"github.com/dave/dst"
)

// A loop's edit: the tick's deadline received, a context derived from it
// for the iteration, and its cancel called on every way out.

// loop derives the loop's context from its tick: the tick's deadline is
// received into a variable, the context derived from it at the start of
// the work, and cancelled at its end (deferred when the function is one
// iteration, else before every way out of the work).
func (e *edit) loop(l *change.Loop) {
	if l.Timeout != "" {
		e.periodic(l)
		return
	}
	f := e.p.FileAt(l.Recv)
	_, decl := e.p.FuncAt(l.Recv)
	info := f.Pkg.TypesInfo
	sh, err := loopshape.Find(info, decl, l.Call)
	if err != nil {
		e.fail("%s: %v", e.p.Fset.Position(l.Call), err)
		return
	}
	parent, threaded := e.ctxAt(sh.Region[0].Pos())
	if !threaded {
		parent = &dst.CallExpr{Fun: &dst.Ident{Name: "Background", Path: "context"}}
	}
	deadline := freeName(decl, "deadline", info, false)
	ctxName := freeName(decl, "ctx", info, true)
	cancel := freeName(decl, "cancel", info, false)
	recv := func() dst.Expr { return e.dstOf(sh.Recv).(dst.Expr) }
	var region *[]dst.Stmt // the work is (*region)[from:]
	from := 0
	switch sh.Kind {
	case loopshape.InRange:
		drs := e.dstOf(sh.Rng).(*dst.RangeStmt)
		if k, ok := drs.Key.(*dst.Ident); ok && k.Name != "_" {
			deadline = k.Name
		} else {
			drs.Key, drs.Tok = dst.NewIdent(deadline), token.DEFINE
		}
		region = &drs.Body.List
	case loopshape.InClause:
		dcc := e.dstOf(sh.Clause).(*dst.CommClause)
		deadline = e.receiveInto(dcc, recv, deadline, token.DEFINE)
		region = &dcc.Body
	case loopshape.After:
		list := e.stmtList(sh.Stmt)
		if list == nil {
			e.fail("%s: cannot edit the tick's receive", e.p.Fset.Position(sh.Stmt.Pos()))
			return
		}
		ds := e.dstOf(sh.Stmt).(dst.Stmt)
		i := slices.Index(*list, ds)
		switch st := ds.(type) {
		case *dst.ExprStmt:
			(*list)[i] = &dst.AssignStmt{Lhs: []dst.Expr{dst.NewIdent(deadline)}, Tok: token.DEFINE, Rhs: []dst.Expr{st.X}, Decs: dst.AssignStmtDecorations{NodeDecs: st.Decs.NodeDecs}}
		case *dst.AssignStmt:
			if id, ok := st.Lhs[0].(*dst.Ident); ok && id.Name != "_" {
				deadline = id.Name
			} else {
				st.Lhs[0], st.Tok = dst.NewIdent(deadline), token.DEFINE
			}
		case *dst.SelectStmt: // the deadline outlives the select: the work runs under the last one received
			dcc := e.dstOf(sh.Clause).(*dst.CommClause)
			if a, ok := dcc.Comm.(*dst.AssignStmt); ok && a.Tok == token.DEFINE {
				if id, ok := a.Lhs[0].(*dst.Ident); ok && id.Name != "_" {
					e.fail("%s: the tick is received into %s, local to its case: receive it into a variable declared before the loop", e.p.Fset.Position(sh.Clause.Pos()), id.Name)
					return
				}
			}
			if a, ok := dcc.Comm.(*dst.AssignStmt); ok && a.Tok == token.ASSIGN {
				if id, ok := a.Lhs[0].(*dst.Ident); ok && id.Name != "_" {
					deadline = id.Name // received into a variable of the function already
					region, from = list, i+1
					break
				}
			}
			deadline = e.receiveInto(dcc, recv, deadline, token.ASSIGN)
			outer, j, ok := e.declareDeadline(sh, deadline)
			if !ok {
				return
			}
			if outer == list && j <= i {
				i++
			}
		}
		region, from = list, i+1
	case loopshape.Sibling:
		last := freeName(decl, "lastDeadline", info, false)
		dcc := e.dstOf(sh.Clause).(*dst.CommClause)
		switch c := dcc.Comm.(type) {
		case *dst.AssignStmt:
			if id, ok := c.Lhs[0].(*dst.Ident); ok && id.Name != "_" {
				keep := &dst.AssignStmt{Lhs: []dst.Expr{dst.NewIdent(last)}, Tok: token.ASSIGN, Rhs: []dst.Expr{dst.NewIdent(id.Name)}}
				dcc.Body = slices.Insert(dcc.Body, 0, dst.Stmt(keep))
				break
			}
			e.receiveInto(dcc, recv, last, token.ASSIGN)
		default:
			e.receiveInto(dcc, recv, last, token.ASSIGN)
		}
		deadline = last
		if _, _, ok := e.declareDeadline(sh, last); !ok {
			return
		}
		region = &e.dstOf(sh.Other).(*dst.CommClause).Body
	}
	if region == nil {
		return
	}
	with := &dst.Ident{Name: "WithDeadline", Path: "context"}
	if sh.Health {
		with = &dst.Ident{Name: "WithDeadline", Path: ctxtypes.HealthPath}
	}
	e.derive(sh, region, from, ctxName, cancel, &dst.CallExpr{Fun: with, Args: []dst.Expr{parent, dst.NewIdent(deadline)}})
}

// declareDeadline declares "var name time.Time" before the loop (or the
// statement, when the loop is the function's), where every iteration sees
// it: the list it went in and its index there.
func (e *edit) declareDeadline(sh *loopshape.Shape, name string) (list *[]dst.Stmt, at int, ok bool) {
	st := sh.Stmt
	if sh.Loop != nil {
		st = sh.Loop
	}
	list = e.stmtList(st)
	if list == nil {
		e.fail("%s: cannot declare the deadline", e.p.Fset.Position(st.Pos()))
		return nil, 0, false
	}
	decl := &dst.DeclStmt{Decl: &dst.GenDecl{Tok: token.VAR, Specs: []dst.Spec{&dst.ValueSpec{Names: []*dst.Ident{dst.NewIdent(name)}, Type: &dst.Ident{Name: "Time", Path: "time"}}}}}
	at = slices.Index(*list, e.dstOf(st).(dst.Stmt))
	*list = slices.Insert(*list, at, dst.Stmt(decl))
	return list, at, true
}

// derive puts "ctxName, cancel := rhs" at the start of the work
// (*region)[from:], and cancels it at its end: deferred when the function
// is one iteration, else before every way out of the work.
func (e *edit) derive(sh *loopshape.Shape, region *[]dst.Stmt, from int, ctxName, cancel string, rhs dst.Expr) {
	derive := &dst.AssignStmt{
		Lhs: []dst.Expr{dst.NewIdent(ctxName), dst.NewIdent(cancel)},
		Tok: token.DEFINE,
		Rhs: []dst.Expr{rhs},
	}
	cancelCall := func() dst.Stmt {
		return &dst.ExprStmt{X: &dst.CallExpr{Fun: dst.NewIdent(cancel)}}
	}
	body := slices.Clone((*region)[from:])
	if sh.Loop == nil {
		body = slices.Insert(body, 0, dst.Stmt(derive), dst.Stmt(&dst.DeferStmt{Call: &dst.CallExpr{Fun: dst.NewIdent(cancel)}}))
	} else {
		insertCancels(&body, cancelCall, exitScope{})
		if len(body) == 0 || !terminating(body[len(body)-1]) {
			body = append(body, cancelCall())
		}
		body = slices.Insert(body, 0, dst.Stmt(derive))
	}
	*region = append((*region)[:from:from], body...)
	e.regions = append(e.regions, region2(sh, ctxName))
}

// receiveInto makes the clause receive the tick into name, or into the
// variable it already receives into, and returns the variable's name.
func (e *edit) receiveInto(cc *dst.CommClause, recv func() dst.Expr, name string, tok token.Token) string {
	switch c := cc.Comm.(type) {
	case *dst.ExprStmt:
		cc.Comm = &dst.AssignStmt{Lhs: []dst.Expr{dst.NewIdent(name)}, Tok: tok, Rhs: []dst.Expr{c.X}}
	case *dst.AssignStmt:
		if id, ok := c.Lhs[0].(*dst.Ident); ok && id.Name != "_" {
			return id.Name
		}
		c.Lhs[0], c.Tok = dst.NewIdent(name), tok
		if len(c.Lhs) == 2 {
			c.Lhs = c.Lhs[:1]
		}
	}
	return name
}

func region2(sh *loopshape.Shape, name string) region {
	return region{from: sh.Region[0].Pos(), to: sh.Region[len(sh.Region)-1].End(), name: name}
}

// stmtList is the dst statement list that holds the statement st.
func (e *edit) stmtList(st ast.Stmt) *[]dst.Stmt {
	_, path := e.p.Enclosing(st.Pos())
	for i, n := range path {
		if n != st || i+1 >= len(path) {
			continue
		}
		switch p := e.dstOf(path[i+1]).(type) {
		case *dst.BlockStmt:
			return &p.List
		case *dst.CaseClause:
			return &p.Body
		case *dst.CommClause:
			return &p.Body
		}
	}
	return nil
}

// exitScope says which branch statements stay inside the work: those
// whose target is a statement inside it.
type exitScope struct {
	breakInside, continueInside bool
	labels                      []string
}

// insertCancels puts a cancel() before every statement of list that
// leaves the work: a return, and a break, continue or goto whose target
// lies outside it. Closures are not entered.
func insertCancels(list *[]dst.Stmt, cancel func() dst.Stmt, sc exitScope) {
	for i := 0; i < len(*list); i++ {
		st := (*list)[i]
		if leaves(st, sc) {
			c := cancel()
			c.Decorations().Before = dst.NewLine
			*list = slices.Insert(*list, i, c)
			i++
			continue
		}
		nested(st, cancel, sc)
	}
}

func nested(st dst.Stmt, cancel func() dst.Stmt, sc exitScope) {
	loop := sc
	loop.breakInside, loop.continueInside = true, true
	brk := sc
	brk.breakInside = true
	switch s := st.(type) {
	case *dst.BlockStmt:
		insertCancels(&s.List, cancel, sc)
	case *dst.IfStmt:
		insertCancels(&s.Body.List, cancel, sc)
		if s.Else != nil {
			if b, ok := s.Else.(*dst.BlockStmt); ok {
				insertCancels(&b.List, cancel, sc)
			} else {
				nested(s.Else, cancel, sc)
			}
		}
	case *dst.ForStmt:
		insertCancels(&s.Body.List, cancel, loop)
	case *dst.RangeStmt:
		insertCancels(&s.Body.List, cancel, loop)
	case *dst.SwitchStmt:
		for _, c := range s.Body.List {
			insertCancels(&c.(*dst.CaseClause).Body, cancel, brk)
		}
	case *dst.TypeSwitchStmt:
		for _, c := range s.Body.List {
			insertCancels(&c.(*dst.CaseClause).Body, cancel, brk)
		}
	case *dst.SelectStmt:
		for _, c := range s.Body.List {
			insertCancels(&c.(*dst.CommClause).Body, cancel, brk)
		}
	case *dst.LabeledStmt:
		inner := sc
		inner.labels = append(slices.Clip(sc.labels), s.Label.Name)
		nested(s.Stmt, cancel, inner)
	}
}

// leaves reports whether st leaves the work.
func leaves(st dst.Stmt, sc exitScope) bool {
	switch s := st.(type) {
	case *dst.ReturnStmt:
		return true
	case *dst.BranchStmt:
		switch s.Tok {
		case token.GOTO:
			return true
		case token.BREAK:
			if s.Label != nil {
				return !slices.Contains(sc.labels, s.Label.Name)
			}
			return !sc.breakInside
		case token.CONTINUE:
			if s.Label != nil {
				return !slices.Contains(sc.labels, s.Label.Name)
			}
			return !sc.continueInside
		}
	}
	return false
}

// terminating reports whether nothing after st runs.
func terminating(st dst.Stmt) bool {
	switch s := st.(type) {
	case *dst.ReturnStmt:
		return true
	case *dst.BranchStmt:
		return s.Tok != token.FALLTHROUGH
	case *dst.ExprStmt:
		if c, ok := s.X.(*dst.CallExpr); ok {
			if id, ok := c.Fun.(*dst.Ident); ok && id.Name == "panic" && id.Path == "" {
				return true
			}
		}
	}
	return false
}

// periodic derives a periodic loop's context from its timeout at the
// start of the iteration's work.
func (e *edit) periodic(l *change.Loop) {
	f := e.p.FileAt(l.Recv)
	_, decl := e.p.FuncAt(l.Recv)
	info := f.Pkg.TypesInfo
	sh := loopshape.Iteration(decl, l.Call)
	var region *[]dst.Stmt
	switch {
	case sh.Clause != nil:
		region = &e.dstOf(sh.Clause).(*dst.CommClause).Body
	case sh.Loop != nil:
		switch n := e.dstOf(sh.Loop).(type) {
		case *dst.ForStmt:
			region = &n.Body.List
		case *dst.RangeStmt:
			region = &n.Body.List
		}
	default:
		region = &e.dstOf(decl).(*dst.FuncDecl).Body.List
	}
	if region == nil {
		e.fail("%s: cannot edit the loop's iteration", e.p.Fset.Position(l.Recv))
		return
	}
	timeout, err := e.exprAt(l.Timeout, f.Pkg.Types, l.Recv)
	if err != nil {
		e.fail("%s: timeout %s: %v", e.p.Fset.Position(decl.Pos()), l.Timeout, err)
		return
	}
	parent, threaded := e.ctxAt(sh.Region[0].Pos())
	if !threaded {
		parent = &dst.CallExpr{Fun: &dst.Ident{Name: "Background", Path: "context"}}
	}
	ctxName := freeName(decl, "ctx", info, true)
	cancel := freeName(decl, "cancel", info, false)
	e.derive(sh, region, 0, ctxName, cancel, &dst.CallExpr{Fun: &dst.Ident{Name: "WithTimeout", Path: "context"}, Args: []dst.Expr{parent, timeout}})
}

// exprAt parses src, an expression written for the scope at pos, into
// dst: a package name in scope there, or time, is an import path for the
// restorer.
func (e *edit) exprAt(src string, pkg *types.Package, pos token.Pos) (dst.Expr, error) {
	x, err := parser.ParseExpr(src)
	if err != nil {
		return nil, err
	}
	scope := pkg.Scope().Innermost(pos)
	var conv func(ast.Expr) (dst.Expr, error)
	conv = func(x ast.Expr) (dst.Expr, error) {
		switch x := x.(type) {
		case *ast.Ident:
			return dst.NewIdent(x.Name), nil
		case *ast.BasicLit:
			return &dst.BasicLit{Kind: x.Kind, Value: x.Value}, nil
		case *ast.ParenExpr:
			in, err := conv(x.X)
			return &dst.ParenExpr{X: in}, err
		case *ast.SelectorExpr:
			if id, ok := x.X.(*ast.Ident); ok {
				_, obj := scope.LookupParent(id.Name, pos)
				if pn, ok := obj.(*types.PkgName); ok {
					return &dst.Ident{Name: x.Sel.Name, Path: pn.Imported().Path()}, nil
				}
				if obj == nil && id.Name == "time" {
					return &dst.Ident{Name: x.Sel.Name, Path: "time"}, nil
				}
			}
			in, err := conv(x.X)
			return &dst.SelectorExpr{X: in, Sel: dst.NewIdent(x.Sel.Name)}, err
		case *ast.BinaryExpr:
			l, err := conv(x.X)
			if err != nil {
				return nil, err
			}
			r, err := conv(x.Y)
			return &dst.BinaryExpr{X: l, Op: x.Op, Y: r}, err
		case *ast.UnaryExpr:
			in, err := conv(x.X)
			return &dst.UnaryExpr{Op: x.Op, X: in}, err
		case *ast.StarExpr:
			in, err := conv(x.X)
			return &dst.StarExpr{X: in}, err
		case *ast.CallExpr:
			fun, err := conv(x.Fun)
			if err != nil {
				return nil, err
			}
			call := &dst.CallExpr{Fun: fun}
			for _, a := range x.Args {
				da, err := conv(a)
				if err != nil {
					return nil, err
				}
				call.Args = append(call.Args, da)
			}
			return call, nil
		case *ast.IndexExpr:
			in, err := conv(x.X)
			if err != nil {
				return nil, err
			}
			idx, err := conv(x.Index)
			return &dst.IndexExpr{X: in, Index: idx}, err
		}
		return nil, fmt.Errorf("%s is not supported in a timeout (use names, selectors, calls, literals and operators)", types.ExprString(x))
	}
	return conv(x)
}
