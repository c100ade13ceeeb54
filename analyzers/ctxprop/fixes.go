package ctxprop

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
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
		return nil
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
			if v, ok := obj.(*types.Var); !ok || !isContext(v.Type()) || obj.Pos() >= pos || name == "_" {
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
