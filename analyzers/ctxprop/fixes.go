package ctxprop

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/ctxlint/ctxlint/internal/ctxtypes"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/types/typeutil"
)

// suggestFixes offers the local, safe fixes for the call at pos in a root:
// when a context bounded by the tick is in scope there, pass it instead of
// context.Background() or context.TODO(), and build the request of a
// (*http.Client).Do with http.NewRequestWithContext. Anything that needs a
// signature to change is the rewriter's job.
func (a *pkgAnalysis) suggestFixes(u *unit, pos token.Pos) []analysis.SuggestedFix {
	call := callAt(u.body, pos)
	if call == nil || u.env == nil {
		return nil
	}
	ctx := a.boundedInScope(u.env, call.Pos())
	if ctx == nil {
		return a.deriveFromTick(u, call)
	}
	var edits []analysis.TextEdit
	for _, arg := range call.Args {
		if isEmptyContext(a.info, arg) {
			edits = append(edits, analysis.TextEdit{Pos: arg.Pos(), End: arg.End(), NewText: []byte(ctx.Name())})
		}
	}
	if len(edits) == 0 {
		if nr := a.newRequestFor(u, call); nr != nil && a.boundedInScope(u.env, nr.Pos()) == ctx {
			sel := ast.Unparen(nr.Fun).(*ast.SelectorExpr)
			edits = append(edits,
				analysis.TextEdit{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte("NewRequestWithContext")},
				analysis.TextEdit{Pos: nr.Lparen + 1, End: nr.Lparen + 1, NewText: []byte(ctx.Name() + ", ")})
		}
	}
	if len(edits) == 0 {
		return nil
	}
	return []analysis.SuggestedFix{{Message: fmt.Sprintf("Use %s, bounded by the health deadline", ctx.Name()), TextEdits: edits}}
}

// deriveFromTick is the fix for a loop that received a deadline but has
// no context bounded by it: derive one around the statement, as in
//
//	ctx, cancel := health.WithDeadline(context.Background(), deadline)
//	d.DialContext(ctx, "tcp", addr)
//	cancel()
//
// Offered once per iteration, where the names ctx and cancel are free.
func (a *pkgAnalysis) deriveFromTick(u *unit, call *ast.CallExpr) []analysis.SuggestedFix {
	r := u.root
	if r == nil || r.noDeadline || len(r.ticks) == 0 || r.derived || r.file == nil {
		return nil
	}
	var empty ast.Expr
	for _, arg := range call.Args {
		if isEmptyContext(a.info, arg) {
			empty = arg
		}
	}
	tick := r.ticks[0]
	scope := a.pass.Pkg.Scope().Innermost(call.Pos())
	if empty == nil || scope == nil {
		return nil
	}
	if _, obj := scope.LookupParent(tick.Name(), call.Pos()); obj != tick {
		return nil
	}
	for _, name := range []string{"ctx", "cancel"} {
		if _, obj := scope.LookupParent(name, call.Pos()); obj != nil {
			return nil
		}
	}
	qual := ctxtypes.ImportedAs(r.file, ctxtypes.HealthPath)
	stmt := enclosingStmt(r.file, r.region, call)
	if qual == "" || stmt == nil {
		return nil
	}
	tf := a.pass.Fset.File(stmt.Pos())
	src, err := a.pass.ReadFile(tf.Name())
	if err != nil {
		return nil
	}
	lineStart := tf.Offset(tf.LineStart(tf.Line(stmt.Pos())))
	indent := src[lineStart:tf.Offset(stmt.Pos())]
	if strings.TrimSpace(string(indent)) != "" {
		return nil // the statement does not start its line
	}
	eol := tf.Offset(stmt.End())
	for eol < len(src) && src[eol] != '\n' {
		eol++
	}
	r.derived = true
	emptyText := types.ExprString(empty)
	return []analysis.SuggestedFix{{
		Message: "Derive ctx from the health deadline around this call",
		TextEdits: []analysis.TextEdit{
			{Pos: stmt.Pos(), End: stmt.Pos(), NewText: fmt.Appendf(nil, "ctx, cancel := %s.WithDeadline(%s, %s)\n%s", qual, emptyText, tick.Name(), indent)},
			{Pos: empty.Pos(), End: empty.End(), NewText: []byte("ctx")},
			{Pos: tf.Pos(eol), End: tf.Pos(eol), NewText: fmt.Appendf(nil, "\n%scancel()", indent)},
		},
	}}
}

// enclosingStmt returns the innermost statement of a block (or case body)
// in region that contains n, if it is an expression statement or an
// assignment: the statements a derived context can be declared before.
func enclosingStmt(file *ast.File, region, n ast.Node) ast.Stmt {
	path, _ := astutil.PathEnclosingInterval(file, n.Pos(), n.End())
	if !slices.Contains(path, region) {
		return nil
	}
	var found ast.Stmt
outer:
	for i := 0; i+1 < len(path) && path[i] != region; i++ {
		s, ok := path[i].(ast.Stmt)
		if !ok {
			continue
		}
		switch parent := path[i+1].(type) {
		case *ast.BlockStmt, *ast.CaseClause:
			found = s
			break outer
		case *ast.CommClause:
			if s != parent.Comm { // in the body, not the case's send or receive
				found = s
				break outer
			}
		}
	}
	switch found := found.(type) {
	case *ast.ExprStmt:
		return found
	case *ast.AssignStmt:
		if found.Tok == token.DEFINE || found.Tok == token.ASSIGN {
			return found
		}
	}
	return nil
}

// callAt finds the call expression starting at pos in n.
func callAt(n ast.Node, pos token.Pos) *ast.CallExpr {
	var found *ast.CallExpr
	ast.Inspect(n, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && c.Pos() == pos && found == nil {
			found = c
		}
		return found == nil
	})
	return found
}

// boundedInScope returns the innermost context variable declared before pos
// that is bounded by the tick.
func (a *pkgAnalysis) boundedInScope(e *env, pos token.Pos) types.Object {
	pkgScope := a.pass.Pkg.Scope()
	for s := pkgScope.Innermost(pos); s != nil && s != pkgScope && s != types.Universe; s = s.Parent() {
		for _, name := range s.Names() {
			obj := s.Lookup(name)
			if v, ok := obj.(*types.Var); !ok || !ctxtypes.IsContext(v.Type()) || obj.Pos() >= pos || name == "_" {
				continue
			}
			if e.evalObj(obj, ctxCarrier).kind == bounded {
				return obj
			}
		}
	}
	return nil
}

func isEmptyContext(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	return fn != nil && (fn.FullName() == "context.Background" || fn.FullName() == "context.TODO")
}

// newRequestFor returns the http.NewRequest call that built the request of
// a (*http.Client).Do in the same iteration, when it is the only value of
// that variable.
func (a *pkgAnalysis) newRequestFor(u *unit, do *ast.CallExpr) *ast.CallExpr {
	fn, _ := typeutil.Callee(a.info, do).(*types.Func)
	if fn == nil || fn.FullName() != "(*net/http.Client).Do" || len(do.Args) != 1 {
		return nil
	}
	id, ok := ast.Unparen(do.Args[0]).(*ast.Ident)
	if !ok {
		return nil
	}
	values := a.assigns[a.objOf(id)]
	if len(values) != 1 {
		return nil
	}
	nr, ok := ast.Unparen(values[0]).(*ast.CallExpr)
	if !ok || !contains(u.body, nr) {
		return nil
	}
	if f, _ := typeutil.Callee(a.info, nr).(*types.Func); f == nil || f.FullName() != "net/http.NewRequest" {
		return nil
	}
	if _, ok := ast.Unparen(nr.Fun).(*ast.SelectorExpr); !ok {
		return nil
	}
	return nr
}
