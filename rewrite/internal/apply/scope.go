package apply

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/ctxlint/ctxlint/internal/ctxtypes"
	"github.com/dave/dst"
)

// ctxAt is the context to pass at pos: the innermost context in scope
// (a derived loop context, a context variable, a ctx parameter added by
// the plan), else context.Background() in main and init, the test's
// Context() in tests, and context.TODO() elsewhere. threaded is false for
// those fallbacks.
func (e *edit) ctxAt(pos token.Pos) (expr dst.Expr, threaded bool) {
	f := e.p.FileAt(pos)
	info := f.Pkg.TypesInfo
	var best *region
	for i := range e.regions {
		r := &e.regions[i]
		if r.from <= pos && pos < r.to && (best == nil || r.from > best.from) {
			best = r
		}
	}
	inner := f.Pkg.Types.Scope().Innermost(pos)
	for s := inner; s != nil && s != f.Pkg.Types.Scope() && s != types.Universe; s = s.Parent() {
		if best != nil && scopeWithin(s, best) {
			return dst.NewIdent(best.name), true
		}
		var found types.Object
		for _, name := range s.Names() {
			obj := s.Lookup(name)
			if _, ok := obj.(*types.Var); !ok || !ctxtypes.IsContext(obj.Type()) || name == "_" {
				continue
			}
			if _, vis := inner.LookupParent(name, pos); vis != obj {
				continue
			}
			if found == nil || obj.Pos() > found.Pos() {
				found = obj
			}
		}
		// A derived loop context around pos is closer than any variable
		// declared before its derivation.
		if found != nil && (best == nil || found.Pos() > best.from) {
			return dst.NewIdent(found.Name()), true
		}
		if best != nil && (found != nil || e.params[s] != "") {
			return dst.NewIdent(best.name), true
		}
		if name, ok := e.params[s]; ok {
			return dst.NewIdent(name), true
		}
	}
	if best != nil {
		return dst.NewIdent(best.name), true
	}
	_, decl := e.p.FuncAt(pos)
	call := func(fun string) dst.Expr {
		return &dst.CallExpr{Fun: &dst.Ident{Name: fun, Path: "context"}}
	}
	if decl == nil {
		return call("TODO"), false
	}
	if decl.Recv == nil && (decl.Name.Name == "main" && f.Pkg.Name == "main" || decl.Name.Name == "init") && !e.storedLit(pos) {
		return call("Background"), false
	}
	if strings.HasSuffix(f.Name, "_test.go") {
		for _, fld := range decl.Type.Params.List {
			if t := info.TypeOf(fld.Type); t != nil && testingParam(t) && len(fld.Names) == 1 && fld.Names[0].Name != "_" {
				return &dst.CallExpr{Fun: &dst.SelectorExpr{X: dst.NewIdent(fld.Names[0].Name), Sel: dst.NewIdent("Context")}}, false
			}
		}
	}
	return call("TODO"), false
}

// storedLit reports whether pos lies in a function literal that is not
// called where it is written: stored or passed on, it runs later, outside
// main's or init's own run, so it gets context.TODO() rather than
// context.Background().
func (e *edit) storedLit(pos token.Pos) bool {
	_, path := e.p.Enclosing(pos)
	for i, n := range path {
		switch n.(type) {
		case *ast.FuncDecl:
			return false
		case *ast.FuncLit:
			if i+1 >= len(path) {
				return true
			}
			if c, ok := path[i+1].(*ast.CallExpr); !ok || ast.Unparen(c.Fun) != n {
				return true
			}
		}
	}
	return false
}

// scopeWithin reports whether scope s lies inside a derived region: the
// region's context is then the innermost.
func scopeWithin(s *types.Scope, r *region) bool {
	return s.Pos().IsValid() && s.Pos() >= r.from && s.End() <= r.to
}

func testingParam(t types.Type) bool {
	s := types.TypeString(t, nil)
	return s == "*testing.T" || s == "*testing.B" || s == "*testing.F" || s == "testing.TB"
}

// region is where a derived context is in scope.
type region struct {
	from, to token.Pos
	name     string
}
