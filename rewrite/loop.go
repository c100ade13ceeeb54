package rewrite

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/ctxlint/ctxlint/internal/ctxtypes"
	"github.com/ctxlint/ctxlint/rewrite/internal/change"
)

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
		b.refuse("no tick", found.err.Error()+": derive a context from the tick's deadline by hand, then run -fix again", p.Fset.Position(root.pos), label)
		return setKey{}, false
	}
	if !sh.deadline {
		if b.opts.Todo {
			return setKey{}, true // the root passes context.TODO()
		}
		b.refuse("no deadline", "the tick carries no deadline: make the handle's C carry one (as runtime/health does), or run with -fix.todo to thread ctx below the loop from context.TODO()", p.Fset.Position(root.pos), label)
		return setKey{}, false
	}
	if found.derived {
		return setKey{}, true // a context is derived in the work already: a run before did it
	}
	recv := sh.rngPos()
	key := posKey("loop", recv)
	if _, ok := b.sets[key]; !ok {
		b.add(key, &change.Set{Name: "loop of " + root.decl.Name.Name, Loop: &change.Loop{Recv: recv, Call: root.pos}})
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
	info := root.file.Pkg.TypesInfo
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
