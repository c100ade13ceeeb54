// Package loopshape reads how a monitored loop is laid out: where it
// receives its tick and where the work that must run under the tick's
// deadline is (Find), or, for a periodic loop without a tick, where one
// iteration's work is (Iteration). The plan decides from the shape how a
// loop derives its context; the edit places the derivation by it.
package loopshape

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"github.com/ctxlint/ctxlint/internal/ctxtypes"
)

// How a loop's tick and its work are laid out.
const (
	InClause     = iota // case <-h.C: work
	InRange             // for range h.C { work }
	After               // <-h.C (or a select receiving it) then work, in one block
	Sibling             // select { case <-h.C: ...; case <-t.C: work }: the last deadline bounds the work
	PeriodicWork        // no health tick: the iteration's work, bounded by a timeout (see Iteration)
)

// Shape is where a root receives its tick and where the work that must
// run under the tick's deadline is.
type Shape struct {
	Kind   int
	Recv   *ast.UnaryExpr // the receive, nil for a range
	Rng    *ast.RangeStmt
	Clause *ast.CommClause // InClause: the clause; After, Sibling: the clause of the select that receives
	Other  *ast.CommClause // Sibling: the clause of the work
	Stmt   ast.Stmt        // After: the statement that receives
	Block  *[]ast.Stmt     // After: the list holding Stmt
	// Loop is the innermost for or range statement around the work in the
	// function, nil when the function is one iteration (for p.process(h) {}).
	Loop     ast.Stmt
	Deadline bool // the tick is a time.Time deadline
	Health   bool // the handle is runtime/health's
	Region   []ast.Stmt
}

// Find finds the tick receive that the call at pos runs after, in the
// function decl.
func Find(info *types.Info, decl *ast.FuncDecl, pos token.Pos) (*Shape, error) {
	var best *Shape
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
		var sh *Shape
		switch n := n.(type) {
		case *ast.RangeStmt:
			if tickChan(info, n.X) != nil && inBlock(n.Body, pos) {
				sh = &Shape{Kind: InRange, Rng: n, Region: n.Body.List, Loop: n}
				sh.Deadline, sh.Health = tickKind(info, n.X)
			}
		case *ast.CommClause:
			if recv := commRecv(n); recv != nil && tickChan(info, recv.X) != nil {
				if within(n.Body, pos) {
					sh = &Shape{Kind: InClause, Recv: recv, Clause: n, Region: n.Body}
				} else if sel, ok := parentOf(stack, 2).(*ast.SelectStmt); ok {
					for _, c := range sel.Body.List {
						if c, ok := c.(*ast.CommClause); ok && c != n && within(c.Body, pos) {
							sh = &Shape{Kind: Sibling, Recv: recv, Clause: n, Other: c, Stmt: sel, Region: c.Body}
						}
					}
					if sh != nil {
						break
					}
					sh = afterShape(stack, sel, pos)
					if sh != nil {
						sh.Recv, sh.Clause = recv, n
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
						sh.Recv = n
					}
				}
			}
		}
		if sh != nil {
			if sh.Recv != nil {
				sh.Deadline, sh.Health = tickKind(info, sh.Recv.X)
			}
			sh.Loop = enclosingLoop(stack, sh)
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
func afterShape(stack []ast.Node, sel *ast.SelectStmt, pos token.Pos) *Shape {
	for i := len(stack) - 1; i >= 0; i-- {
		if stack[i] == sel {
			return afterShapeOf(stack[:i+1], sel, pos)
		}
	}
	return nil
}

// afterShapeOf is the shape of work after st, the last node of stack, in
// the statement list that holds it.
func afterShapeOf(stack []ast.Node, st ast.Stmt, pos token.Pos) *Shape {
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
			return &Shape{Kind: After, Stmt: st, Block: list, Region: (*list)[i+1:]}
		}
	}
	return nil
}

// enclosingLoop is the innermost for or range around the shape's work.
func enclosingLoop(stack []ast.Node, sh *Shape) ast.Stmt {
	if sh.Kind == InRange {
		return sh.Rng
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

// Pos is the position that identifies the shape: the receive, or the
// range statement.
func (sh *Shape) Pos() token.Pos {
	if sh.Rng != nil {
		return sh.Rng.Pos()
	}
	return sh.Recv.Pos()
}

// Iteration is the shape of the iteration around the call at pos in
// decl: the body of the outermost for or range statement around it (an
// inner loop, over the inputs of one tick, is part of the iteration), or,
// within it, of the select case the call is in; the whole function when
// no loop is around the call (the function is one iteration).
func Iteration(decl *ast.FuncDecl, pos token.Pos) *Shape {
	sh := &Shape{Kind: PeriodicWork, Region: decl.Body.List}
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		// Only the nodes around pos are entered, outermost first.
		if n == nil {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok || pos < n.Pos() || pos >= n.End() {
			return false
		}
		switch n := n.(type) {
		case *ast.ForStmt:
			if sh.Loop == nil {
				sh.Loop, sh.Region = n, n.Body.List
			}
		case *ast.RangeStmt:
			if sh.Loop == nil {
				sh.Loop, sh.Region = n, n.Body.List
			}
		case *ast.CommClause:
			if sh.Loop != nil && sh.Clause == nil && len(n.Body) > 0 {
				sh.Region, sh.Clause = n.Body, n
			}
		}
		return true
	})
	return sh
}
