package ctxprop

import (
	"go/ast"
	"go/token"
	"go/types"
)

// A constructor often builds its object first and sets fields after:
//
//	h := &Handler{name: name}
//	h.leader = leader
//	return h
//
// Those statements write the object only while its constructor builds it,
// as the literal's elements do: the local is set once, to a literal built
// there, and never aliased, so no statement reaches a field of an object
// built elsewhere through it. They leave a field one only construction
// writes (constructorOnly), and the constructor's Constructs fact counts
// them. Statements in a function literal may run later: they count as
// writes after construction.

// builtObjects are the objects one function builds and holds in locals.
type builtObjects struct {
	byVar map[*types.Var]*builtObject
}

// builtObject is one such object: its literal and the statements that set
// its direct fields.
type builtObject struct {
	lit    *ast.CompositeLit
	writes []fieldWrite
}

type fieldWrite struct {
	sel   *ast.SelectorExpr
	field *types.Var
	value ast.Expr
}

// builtIn finds which of the locals the function body returns hold an
// object built as above.
func builtIn(info *types.Info, body *ast.BlockStmt, locals []*types.Var) *builtObjects {
	objs := make(map[*types.Var]*builtObject, len(locals))
	for _, v := range locals {
		objs[v] = &builtObject{}
	}
	spoilt := make(map[*types.Var]bool)
	candidate := func(id *ast.Ident) *types.Var {
		v, _ := info.ObjectOf(id).(*types.Var)
		if objs[v] == nil {
			return nil
		}
		return v
	}
	// define records v := lit, or spoils v when it is set otherwise or twice.
	define := func(v *types.Var, val ast.Expr, inLit bool) {
		lit := compositeOf(val)
		if inLit || lit == nil || objs[v].lit != nil {
			spoilt[v] = true
			return
		}
		if _, ok := typeUnder(info.TypeOf(lit)).(*types.Struct); !ok {
			spoilt[v] = true
			return
		}
		objs[v].lit = lit
	}
	var walk func(n ast.Node, inLit bool)
	walk = func(root ast.Node, inLit bool) {
		ast.Inspect(root, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				if !inLit {
					walk(n.Body, true)
					return false
				}
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					var val ast.Expr
					if len(n.Lhs) == len(n.Rhs) {
						val = n.Rhs[i]
					}
					switch l := ast.Unparen(l).(type) {
					case *ast.Ident:
						if v := candidate(l); v != nil {
							if n.Tok == token.DEFINE && info.Defs[l] == v && val != nil {
								define(v, val, inLit)
							} else {
								spoilt[v] = true
							}
						}
					case *ast.SelectorExpr:
						id, ok := ast.Unparen(l.X).(*ast.Ident)
						if !ok {
							continue
						}
						v := candidate(id)
						if v == nil {
							continue
						}
						f, ok := objectField(info, l)
						if !ok || inLit || val == nil {
							spoilt[v] = true
							continue
						}
						objs[v].writes = append(objs[v].writes, fieldWrite{sel: l, field: f, value: val})
					case *ast.StarExpr:
						if id, ok := ast.Unparen(l.X).(*ast.Ident); ok {
							if v := candidate(id); v != nil {
								spoilt[v] = true // *h = T{...}
							}
						}
					}
				}
			case *ast.ValueSpec:
				for i, id := range n.Names {
					if v := candidate(id); v != nil {
						if len(n.Values) == len(n.Names) {
							define(v, n.Values[i], inLit)
						} else {
							spoilt[v] = true
						}
					}
				}
			case *ast.UnaryExpr:
				if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND {
					if v := candidate(id); v != nil {
						spoilt[v] = true // &h: set through a pointer
					}
				}
			case *ast.RangeStmt:
				for _, e := range []ast.Expr{n.Key, n.Value} {
					if id, ok := e.(*ast.Ident); ok && n.Tok == token.ASSIGN {
						if v := candidate(id); v != nil {
							spoilt[v] = true
						}
					}
				}
			}
			return true
		})
	}
	walk(body, false)
	b := &builtObjects{byVar: make(map[*types.Var]*builtObject)}
	for v, o := range objs {
		if o.lit != nil && !spoilt[v] {
			b.byVar[v] = o
		}
	}
	return b
}

// object returns the object local v holds, if v is one.
func (b *builtObjects) object(v *types.Var) (*builtObject, bool) {
	if b == nil {
		return nil, false
	}
	o, ok := b.byVar[v]
	return o, ok
}

// record adds the statements that set the objects' fields, and their
// literals, to scan.
func (b *builtObjects) record(scan *fieldScan) {
	if b == nil {
		return
	}
	for _, o := range b.byVar {
		if len(o.writes) == 0 {
			continue
		}
		put(&scan.builtLits, o.lit, true)
		for _, w := range o.writes {
			put(&scan.initWrites, w.sel, true)
		}
	}
}
