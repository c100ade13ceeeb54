package rewrite

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/ctxlint/ctxlint/internal/ctxtypes"
	"github.com/dave/dst"
)

// Loop is a monitored loop that derives its context from the tick: the
// receive (or range) of the handle's C, and the first call of the path.
type Loop struct {
	Recv token.Pos
	Call token.Pos
	// Timeout, for a periodic loop without a health tick, is the Go
	// expression of the time each iteration may take (-fix.timeout, or
	// //ctxlint:monitored timeout=EXPR); Recv is then the start of the
	// iteration's work.
	Timeout string
}

// How a loop's tick and its work are laid out.
const (
	inClause     = iota // case <-h.C: work
	inRange             // for range h.C { work }
	after               // <-h.C (or a select receiving it) then work, in one block
	sibling             // select { case <-h.C: ...; case <-t.C: work }: the last deadline bounds the work
	periodicWork        // no health tick: the iteration's work, bounded by a timeout (periodic.go)
)

// loopShape is where a root receives its tick and where the work that must
// run under the tick's deadline is.
type loopShape struct {
	kind   int
	recv   *ast.UnaryExpr // the receive, nil for a range
	rng    *ast.RangeStmt
	clause *ast.CommClause // inClause: the clause; after, sibling: the clause of the select that receives
	other  *ast.CommClause // sibling: the clause of the work
	stmt   ast.Stmt        // after: the statement that receives
	block  *[]ast.Stmt     // after: the list holding stmt
	// loop is the innermost for or range statement around the work in the
	// function, nil when the function is one iteration (for p.process(h) {}).
	loop     ast.Stmt
	deadline bool // the tick is a time.Time deadline
	health   bool // the handle is runtime/health's
	region   []ast.Stmt
}

// findLoop finds the tick receive that the call at pos runs after, in the
// function decl.
func findLoop(info *types.Info, decl *ast.FuncDecl, pos token.Pos) (*loopShape, error) {
	var best *loopShape
	var stack []ast.Node
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		stack = append(stack, n)
		var sh *loopShape
		switch n := n.(type) {
		case *ast.RangeStmt:
			if tickChan(info, n.X) != nil && inBlock(n.Body, pos) {
				sh = &loopShape{kind: inRange, rng: n, region: n.Body.List, loop: n}
				sh.deadline, sh.health = tickKind(info, n.X)
			}
		case *ast.CommClause:
			if recv := commRecv(n); recv != nil && tickChan(info, recv.X) != nil {
				if within(n.Body, pos) {
					sh = &loopShape{kind: inClause, recv: recv, clause: n, region: n.Body}
				} else if sel, ok := parentOf(stack, 2).(*ast.SelectStmt); ok {
					for _, c := range sel.Body.List {
						if c, ok := c.(*ast.CommClause); ok && c != n && within(c.Body, pos) {
							sh = &loopShape{kind: sibling, recv: recv, clause: n, other: c, stmt: sel, region: c.Body}
						}
					}
					if sh != nil {
						break
					}
					sh = afterShape(stack, sel, pos)
					if sh != nil {
						sh.recv, sh.clause = recv, n
					}
				}
			}
		case *ast.UnaryExpr:
			if n.Op == token.ARROW && tickChan(info, n.X) != nil {
				if _, ok := parentOf(stack, 1).(*ast.CommClause); ok {
					break
				}
				if _, ok := parentOf(stack, 2).(*ast.CommClause); ok {
					break
				}
				var st ast.Stmt
				switch p := parentOf(stack, 1).(type) {
				case *ast.ExprStmt:
					st = p
				case *ast.AssignStmt:
					st = p
				}
				if st != nil {
					sh = afterShapeOf(stack[:len(stack)-1], st, pos)
					if sh != nil {
						sh.recv = n
					}
				}
			}
		}
		if sh != nil {
			if sh.recv != nil {
				sh.deadline, sh.health = tickKind(info, sh.recv.X)
			}
			sh.loop = enclosingLoop(stack, sh)
			best = sh // the innermost wins
		}
		return true
	})
	if best == nil {
		return nil, fmt.Errorf("no receive of the health tick before the call in %s", decl.Name.Name)
	}
	return best, nil
}

func inBlock(b *ast.BlockStmt, pos token.Pos) bool {
	return b != nil && b.Pos() <= pos && pos < b.End()
}

func within(list []ast.Stmt, pos token.Pos) bool {
	return len(list) > 0 && list[0].Pos() <= pos && pos < list[len(list)-1].End()
}

func parentOf(stack []ast.Node, up int) ast.Node {
	if len(stack) <= up {
		return nil
	}
	return stack[len(stack)-1-up]
}

// afterShape is the shape of work that follows a select receiving the tick.
func afterShape(stack []ast.Node, sel *ast.SelectStmt, pos token.Pos) *loopShape {
	for i := len(stack) - 1; i >= 0; i-- {
		if stack[i] == sel {
			return afterShapeOf(stack[:i+1], sel, pos)
		}
	}
	return nil
}

// afterShapeOf is the shape of work after st, the last node of stack, in
// the statement list that holds it.
func afterShapeOf(stack []ast.Node, st ast.Stmt, pos token.Pos) *loopShape {
	parent := parentOf(stack, 1)
	var list *[]ast.Stmt
	switch p := parent.(type) {
	case *ast.BlockStmt:
		list = &p.List
	case *ast.CaseClause:
		list = &p.Body
	case *ast.CommClause:
		list = &p.Body
	default:
		return nil
	}
	for i, s := range *list {
		if s == st && within((*list)[i+1:], pos) {
			return &loopShape{kind: after, stmt: st, block: list, region: (*list)[i+1:]}
		}
	}
	return nil
}

// enclosingLoop is the innermost for or range around the shape's work.
func enclosingLoop(stack []ast.Node, sh *loopShape) ast.Stmt {
	if sh.kind == inRange {
		return sh.rng
	}
	for i := len(stack) - 1; i >= 0; i-- {
		switch s := stack[i].(type) {
		case *ast.ForStmt:
			return s
		case *ast.RangeStmt:
			return s
		}
	}
	return nil
}

// commRecv is the receive of a select case, if it is one.
func commRecv(cc *ast.CommClause) *ast.UnaryExpr {
	var e ast.Expr
	switch c := cc.Comm.(type) {
	case *ast.ExprStmt:
		e = c.X
	case *ast.AssignStmt:
		if len(c.Rhs) == 1 {
			e = c.Rhs[0]
		}
	}
	u, ok := ast.Unparen(e).(*ast.UnaryExpr)
	if !ok || u.Op != token.ARROW {
		return nil
	}
	return u
}

// tickChan is the channel type of x when x is a handle's C field.
func tickChan(info *types.Info, x ast.Expr) *types.Chan {
	sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "C" {
		return nil
	}
	s, ok := info.Selections[sel]
	if !ok || s.Kind() != types.FieldVal {
		return nil
	}
	if f := s.Obj(); f.Pkg() != nil && f.Pkg().Path() == "time" {
		return nil // a time.Ticker or Timer: a clock, not a health tick
	}
	ch, _ := s.Type().Underlying().(*types.Chan)
	return ch
}

// tickKind says whether the tick is a time.Time deadline, and whether the
// handle is runtime/health's.
func tickKind(info *types.Info, x ast.Expr) (deadline, health bool) {
	ch := tickChan(info, x)
	if ch == nil {
		return false, false
	}
	n, ok := types.Unalias(ch.Elem()).(*types.Named)
	deadline = ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" && n.Obj().Name() == "Time"
	sel := ast.Unparen(x).(*ast.SelectorExpr)
	if s, ok := info.Selections[sel]; ok {
		f := s.Obj()
		health = f.Pkg() != nil && f.Pkg().Path() == ctxtypes.HealthPath
	}
	return deadline, health
}

// loop plans the root's derivation of its context from the tick. It
// reports false when the path cannot be migrated.
func (b *builder) loop(root hop, label, kind string) (setKey, bool) {
	p := b.pl.prog
	found := b.loopAt(root)
	sh := found.sh
	if kind == "monitored" && (found.err != nil || !sh.deadline) {
		return b.periodic(root, label, found.err == nil)
	}
	if found.err != nil {
		b.refuse("no tick", found.err.Error()+": derive a context from the tick's deadline by hand, then run -fix again", p.fset.Position(root.pos), label)
		return setKey{}, false
	}
	if !sh.deadline {
		if b.opts.Todo {
			return setKey{}, true // the root passes context.TODO()
		}
		b.refuse("no deadline", "the tick carries no deadline: make the handle's C carry one (as runtime/health does), or run with -fix.todo to thread ctx below the loop from context.TODO()", p.fset.Position(root.pos), label)
		return setKey{}, false
	}
	if found.derived {
		return setKey{}, true // a context is derived in the work already: a run before did it
	}
	recv := sh.rngPos()
	key := posKey("loop", recv)
	if _, ok := b.sets[key]; !ok {
		b.add(key, &ChangeSet{Name: "loop of " + root.decl.Name.Name, Loop: &Loop{Recv: recv, Call: root.pos}})
	}
	return key, true
}

// loopFound is what findLoop and derived say of a loop's call.
type loopFound struct {
	sh      *loopShape
	err     error
	derived bool
}

// loopAt is findLoop and derived for the call of a path's root, once per
// call: the paths expand finds share their roots by the thousand.
func (b *builder) loopAt(root hop) loopFound {
	if f, ok := b.loops[root.pos]; ok {
		return f
	}
	info := root.file.pkg.TypesInfo
	sh, err := findLoop(info, root.decl, root.pos)
	f := loopFound{sh: sh, err: err}
	if err == nil && sh.deadline {
		f.derived = derived(info, sh, root.pos)
	}
	b.loops[root.pos] = f
	return f
}

// rngPos is the position that identifies the shape: the receive, or the
// range statement.
func (sh *loopShape) rngPos() token.Pos {
	if sh.rng != nil {
		return sh.rng.Pos()
	}
	return sh.recv.Pos()
}

// loop derives the loop's context from its tick: the tick's deadline is
// received into a variable, the context derived from it at the start of
// the work, and cancelled at its end (deferred when the function is one
// iteration, else before every way out of the work).
func (e *edit) loop(l *Loop) {
	if l.Timeout != "" {
		e.periodic(l)
		return
	}
	f := e.p.fileAt(l.Recv)
	_, decl := e.p.funcAt(l.Recv)
	info := f.pkg.TypesInfo
	sh, err := findLoop(info, decl, l.Call)
	if err != nil {
		e.fail("%s: %v", e.p.fset.Position(l.Call), err)
		return
	}
	parent, threaded := e.ctxAt(sh.region[0].Pos())
	if !threaded {
		parent = &dst.CallExpr{Fun: &dst.Ident{Name: "Background", Path: "context"}}
	}
	deadline := freeName(decl, "deadline", info, false)
	ctxName := freeName(decl, "ctx", info, true)
	cancel := freeName(decl, "cancel", info, false)
	recv := func() dst.Expr { return e.dstOf(sh.recv).(dst.Expr) }
	var region *[]dst.Stmt // the work is (*region)[from:]
	from := 0
	switch sh.kind {
	case inRange:
		drs := e.dstOf(sh.rng).(*dst.RangeStmt)
		if k, ok := drs.Key.(*dst.Ident); ok && k.Name != "_" {
			deadline = k.Name
		} else {
			drs.Key, drs.Tok = dst.NewIdent(deadline), token.DEFINE
		}
		region = &drs.Body.List
	case inClause:
		dcc := e.dstOf(sh.clause).(*dst.CommClause)
		deadline = e.receiveInto(dcc, recv, deadline, token.DEFINE)
		region = &dcc.Body
	case after:
		list := e.stmtList(sh.stmt)
		if list == nil {
			e.fail("%s: cannot edit the tick's receive", e.p.fset.Position(sh.stmt.Pos()))
			return
		}
		ds := e.dstOf(sh.stmt).(dst.Stmt)
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
			dcc := e.dstOf(sh.clause).(*dst.CommClause)
			if a, ok := dcc.Comm.(*dst.AssignStmt); ok && a.Tok == token.DEFINE {
				if id, ok := a.Lhs[0].(*dst.Ident); ok && id.Name != "_" {
					e.fail("%s: the tick is received into %s, local to its case: receive it into a variable declared before the loop", e.p.fset.Position(sh.clause.Pos()), id.Name)
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
			decl := &dst.DeclStmt{Decl: &dst.GenDecl{Tok: token.VAR, Specs: []dst.Spec{&dst.ValueSpec{Names: []*dst.Ident{dst.NewIdent(deadline)}, Type: &dst.Ident{Name: "Time", Path: "time"}}}}}
			at := sh.stmt
			if sh.loop != nil {
				at = sh.loop
			}
			outer := e.stmtList(at)
			if outer == nil {
				e.fail("%s: cannot declare the deadline", e.p.fset.Position(at.Pos()))
				return
			}
			j := slices.Index(*outer, e.dstOf(at).(dst.Stmt))
			*outer = slices.Insert(*outer, j, dst.Stmt(decl))
			if outer == list && j <= i {
				i++
			}
		}
		region, from = list, i+1
	case sibling:
		last := freeName(decl, "lastDeadline", info, false)
		dcc := e.dstOf(sh.clause).(*dst.CommClause)
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
		at := sh.stmt
		if sh.loop != nil {
			at = sh.loop
		}
		outer := e.stmtList(at)
		if outer == nil {
			e.fail("%s: cannot declare the deadline", e.p.fset.Position(at.Pos()))
			return
		}
		vdecl := &dst.DeclStmt{Decl: &dst.GenDecl{Tok: token.VAR, Specs: []dst.Spec{&dst.ValueSpec{Names: []*dst.Ident{dst.NewIdent(last)}, Type: &dst.Ident{Name: "Time", Path: "time"}}}}}
		j := slices.Index(*outer, e.dstOf(at).(dst.Stmt))
		*outer = slices.Insert(*outer, j, dst.Stmt(vdecl))
		region = &e.dstOf(sh.other).(*dst.CommClause).Body
	}
	if region == nil {
		return
	}
	with := &dst.Ident{Name: "WithDeadline", Path: "context"}
	if sh.health {
		with = &dst.Ident{Name: "WithDeadline", Path: ctxtypes.HealthPath}
	}
	e.derive(sh, region, from, ctxName, cancel, &dst.CallExpr{Fun: with, Args: []dst.Expr{parent, dst.NewIdent(deadline)}})
}

// derive puts "ctxName, cancel := rhs" at the start of the work
// (*region)[from:], and cancels it at its end: deferred when the function
// is one iteration, else before every way out of the work.
func (e *edit) derive(sh *loopShape, region *[]dst.Stmt, from int, ctxName, cancel string, rhs dst.Expr) {
	derive := &dst.AssignStmt{
		Lhs: []dst.Expr{dst.NewIdent(ctxName), dst.NewIdent(cancel)},
		Tok: token.DEFINE,
		Rhs: []dst.Expr{rhs},
	}
	cancelCall := func() dst.Stmt {
		return &dst.ExprStmt{X: &dst.CallExpr{Fun: dst.NewIdent(cancel)}}
	}
	body := slices.Clone((*region)[from:])
	if sh.loop == nil {
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

func region2(sh *loopShape, name string) region {
	return region{from: sh.region[0].Pos(), to: sh.region[len(sh.region)-1].End(), name: name}
}

// stmtList is the dst statement list that holds the statement st.
func (e *edit) stmtList(st ast.Stmt) *[]dst.Stmt {
	_, path := e.p.enclosing(st.Pos())
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

// derived reports whether the work derives a context from the received
// tick before the call at pos: a run before did it, or the author.
func derived(info *types.Info, sh *loopShape, pos token.Pos) bool {
	var tick types.Object
	switch {
	case sh.rng != nil:
		if id, ok := sh.rng.Key.(*ast.Ident); ok {
			tick = info.ObjectOf(id)
		}
	case sh.clause != nil:
		if a, ok := sh.clause.Comm.(*ast.AssignStmt); ok {
			if id, ok := a.Lhs[0].(*ast.Ident); ok {
				tick = info.ObjectOf(id)
			}
		}
	case sh.stmt != nil:
		if a, ok := sh.stmt.(*ast.AssignStmt); ok {
			if id, ok := a.Lhs[0].(*ast.Ident); ok {
				tick = info.ObjectOf(id)
			}
		}
	}
	if tick == nil {
		return false
	}
	return contextDefinedBefore(info, sh.region, pos, func(rhs ast.Expr) bool {
		uses := false
		ast.Inspect(rhs, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && info.ObjectOf(id) == tick {
				uses = true
			}
			return !uses
		})
		return uses
	})
}

// contextDefinedBefore reports whether a statement of the work before
// pos assigns a context variable from an expression from accepts: the
// derivation a run before wrote, or the author.
func contextDefinedBefore(info *types.Info, region []ast.Stmt, pos token.Pos, from func(rhs ast.Expr) bool) bool {
	for _, st := range region {
		if st.Pos() >= pos {
			break
		}
		a, ok := st.(*ast.AssignStmt)
		if !ok || len(a.Rhs) != 1 {
			continue
		}
		if slices.ContainsFunc(a.Lhs, func(l ast.Expr) bool { t := info.TypeOf(l); return t != nil && ctxtypes.IsContext(t) }) && from(a.Rhs[0]) {
			return true
		}
	}
	return false
}
