package apply

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"github.com/ctxlint/ctxlint/internal/ctxtypes"
	"github.com/ctxlint/ctxlint/rewrite/internal/source"
)

// nameParam picks the name of the ctx parameter a function gains.
func (e *edit) nameParam(pos token.Pos) {
	fn, ft := e.funcNodeAt(pos)
	switch fn.(type) {
	case *ast.FuncDecl, *ast.FuncLit:
	default:
		return
	}
	f := e.p.FileAt(pos)
	scope := f.Pkg.TypesInfo.Scopes[ft]
	if scope == nil {
		return
	}
	name := freeName(fn, "ctx", f.Pkg.TypesInfo, true)
	if st, ok := topLevelDefine(f.Pkg.TypesInfo, source.FuncBody(fn), name); ok {
		if st == nil {
			// The body declares that name itself, in the parameters'
			// scope: another name.
			name = freeName(fn, "ctx", f.Pkg.TypesInfo, false)
		} else {
			// "ctx := context.Background()" stood for the context the
			// function now takes: the parameter replaces it.
			e.drop[st] = true
		}
	}
	e.params[scope] = name
}

// topLevelDefine reports whether body's own statements (the scope of the
// parameters) declare name; st is the statement when it is exactly
// "name := context.Background()" or "name := context.TODO()".
func topLevelDefine(info *types.Info, body *ast.BlockStmt, name string) (st ast.Stmt, ok bool) {
	if body == nil {
		return nil, false
	}
	for _, s := range body.List {
		switch s := s.(type) {
		case *ast.AssignStmt:
			if s.Tok != token.DEFINE {
				continue
			}
			for _, l := range s.Lhs {
				if id, isID := l.(*ast.Ident); isID && id.Name == name {
					if len(s.Lhs) == 1 && len(s.Rhs) == 1 && source.EmptyContext(info, s.Rhs[0]) {
						return s, true
					}
					return nil, true
				}
			}
		case *ast.DeclStmt:
			if gd, isGen := s.Decl.(*ast.GenDecl); isGen {
				for _, sp := range gd.Specs {
					if vs, isVal := sp.(*ast.ValueSpec); isVal {
						for _, id := range vs.Names {
							if id.Name == name {
								return nil, true
							}
						}
					}
				}
			}
		}
	}
	return nil, false
}

// freeName is base, or base2, base3..., whichever no identifier of n
// spells; with ctxOK, base itself is fine where every object so named is
// a context (shadowing one context with another is harmless).
func freeName(n ast.Node, base string, info *types.Info, ctxOK bool) string {
	used := map[string]bool{}
	ctxOnly := true
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			used[id.Name] = true
			if id.Name == base {
				if obj := info.ObjectOf(id); obj == nil || !ctxtypes.IsContext(obj.Type()) {
					ctxOnly = false
				}
			}
		}
		return true
	})
	if !used[base] || ctxOK && ctxOnly {
		return base
	}
	for i := 2; ; i++ {
		if name := fmt.Sprintf("%s%d", base, i); !used[name] {
			return name
		}
	}
}
