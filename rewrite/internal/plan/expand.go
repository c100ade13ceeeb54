package plan

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
	"github.com/ctxlint/ctxlint/rewrite/internal/source"
)

// A tail is a call of a function on a path that reaches a blocking call
// the context threaded to that function will not bound.
type tail struct {
	call    *ast.CallExpr
	dynamic bool
	reach   *ctxprop.Reach
}

// expand returns the paths the next run would report once s is fixed:
// every function on s below the loop gets the loop's context, and each of
// its other calls that reaches a blocking call without it (a callee
// without a context, or given context.Background() or TODO()) is a path
// of its own, from the loop through that call; so is every other target
// of the loop's own call, when it is dynamic. Calls in goroutines the
// function joins (ctxprop.Joins) are its own; those in other goroutines
// and in function literals it does not call are left to the next pass:
// they may run outside the iteration.
func (b *builder) expand(s ctxprop.Stuck, kept int) []ctxprop.Stuck {
	p := b.prog
	var out []ctxprop.Stuck
	hops := s.Reach.Path()
	for i := 0; i < kept; i++ {
		h := hops[i]
		next := "" // the callee of the loop's call, to find it among calls starting there
		if i == 0 {
			next = s.Reach.Sink
			if len(hops) > 1 {
				next = hops[1].Func
			} else if s.Reach.Entry != "" {
				next = s.Reach.Entry
			}
		}
		key := hopKey{h.File, h.Line, h.Col, next != ""}
		if b.hopExpanded[key] {
			continue // every tail there was expanded: by an earlier path
		}
		b.hopExpanded[key] = true
		for _, t := range b.tailsAt(key, next) {
			if b.expanded[t] {
				continue
			}
			b.expanded[t] = true
			at := p.Fset.PositionFor(t.call.Pos(), false)
			r := *t.reach // its path, shared, after the loop's hops down to this call
			r.Prepend(ctxprop.Hop{Func: h.Func, File: at.Filename, Line: at.Line, Col: at.Column, Dynamic: t.dynamic})
			r.Prepend(hops[:i]...)
			out = append(out, ctxprop.Stuck{Component: s.Component, Kind: s.Kind, Pos: s.Pos, Reach: r, HandleFrom: s.HandleFrom})
		}
	}
	return out
}

// tailsAt lists the tails of the function making the call of a hop, or,
// for the loop's hop (key.own; next names its callee), of that call alone: in the
// loop's function only the path's own call is known to run in the
// iteration.
func (b *builder) tailsAt(key hopKey, next string) []tail {
	if ts, ok := b.hopTails[key]; ok {
		return ts
	}
	p := b.prog
	pos := p.Pos(key.file, key.line, key.col)
	var ts []tail
	if key.own {
		if call := p.CallAt(pos, calleeNamed(p, next)); call != nil && !b.suppressed(call) {
			f := p.FileAt(pos)
			ts = b.addTails(f.Pkg.Types, f.Pkg.TypesInfo, call, nil)
		}
	} else if inner, _ := p.FuncAt(pos); inner != nil {
		ts = b.tailsOf(inner)
	}
	b.hopTails[key] = ts
	return ts
}

type hopKey struct {
	file      string
	line, col int
	own       bool
}

// tailsOf lists the calls of fn (a declaration or literal) that reach a
// blocking call unbounded by what fn passes them.
func (b *builder) tailsOf(fn ast.Node) []tail {
	if ts, ok := b.tails[fn]; ok {
		return ts
	}
	var out []tail
	if body := source.FuncBody(fn); body != nil {
		pkg := b.prog.FileAt(fn.Pos()).Pkg
		info := pkg.TypesInfo
		var visit func(n ast.Node) bool
		visit = func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.GoStmt:
				if !ctxprop.Joins(info, body, n, b.prog.BodyIn(pkg.Types)) {
					return false
				}
				for _, arg := range n.Call.Args { // evaluated here
					ast.Inspect(arg, visit)
				}
				if lit, ok := ast.Unparen(n.Call.Fun).(*ast.FuncLit); ok {
					ast.Inspect(lit.Body, visit)
				} else if !b.suppressed(n.Call) {
					out = b.addTails(pkg.Types, info, n.Call, out)
				}
				return false
			case *ast.FuncLit:
				return false
			case *ast.CallExpr:
				if lit, ok := ast.Unparen(n.Fun).(*ast.FuncLit); ok {
					ast.Inspect(lit.Body, visit) // called here: part of fn's run
				} else if !b.suppressed(n) {
					out = b.addTails(pkg.Types, info, n, out)
				}
			}
			return true
		}
		ast.Inspect(body, visit)
	}
	b.tails[fn] = out
	return out
}

// addTails adds the reaches of what call may run that the call leaves
// unbounded whatever fn's context: the callee has no context parameter
// for it, or is given context.Background() or TODO().
func (b *builder) addTails(pkg *types.Package, info *types.Info, call *ast.CallExpr, out []tail) []tail {
	dynamic := typeutil.StaticCallee(info, call) == nil
	for _, s := range b.opts.Reaches(pkg, info, call) {
		for j := range s.Reaches {
			r := &s.Reaches[j]
			if r.Param < 0 || r.Param < len(call.Args) && source.EmptyContext(info, call.Args[r.Param]) {
				out = append(out, tail{call: call, dynamic: dynamic, reach: r})
			}
		}
	}
	return out
}

// suppressed reports whether a //ctxlint:ignore ctxprop or //nolint
// directive on the call's line or the line above suppresses the reports
// through it: ctxprop would not report the path, so it is not planned.
func (b *builder) suppressed(call *ast.CallExpr) bool {
	p := b.prog
	f := p.FileAt(call.Pos())
	if f == nil {
		return false
	}
	lines, ok := b.ignoring[f]
	if !ok {
		for _, cg := range f.Syntax.Comments {
			for _, c := range cg.List {
				if ctxprop.Suppresses(c) {
					if lines == nil {
						lines = map[int]bool{}
					}
					l := p.Fset.Position(c.Pos()).Line
					lines[l], lines[l+1] = true, true
				}
			}
		}
		b.ignoring[f] = lines
	}
	return lines[p.Fset.Position(call.Pos()).Line]
}
