// Package funcname names functions the way ctxlint's messages do: F for a
// function, T.M for a method (pointer or not, type parameters dropped).
package funcname

import "go/ast"

// Of returns the name of a declared function or method.
func Of(d *ast.FuncDecl) string {
	if d.Recv == nil || len(d.Recv.List) == 0 {
		return d.Name.Name
	}
	if id := BaseType(d.Recv.List[0].Type); id != nil {
		return id.Name + "." + d.Name.Name
	}
	return d.Name.Name
}

// BaseType strips pointers, parentheses and type arguments from a
// receiver type: T for T, *T, (T) and T[P].
func BaseType(t ast.Expr) *ast.Ident {
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
		case *ast.IndexExpr:
			t = x.X
		case *ast.IndexListExpr:
			t = x.X
		case *ast.ParenExpr:
			t = x.X
		case *ast.Ident:
			return x
		default:
			return nil
		}
	}
}

// Called reports whether id names the function of a call: directly, as the
// selector of one (x.F()), or instantiated (F[T]()). stack holds id's
// ancestors, id last, as inspector.WithStack gives them. Any other use of a
// function makes it a value.
func Called(id *ast.Ident, stack []ast.Node) bool { return CallIndex(id, stack) >= 0 }

// CallIndex returns the index in stack of the call whose function id
// names, as Called decides, or -1.
func CallIndex(id *ast.Ident, stack []ast.Node) int {
	var child ast.Node = id
	for i := len(stack) - 2; i >= 0; i-- {
		switch p := stack[i].(type) {
		case *ast.SelectorExpr:
			if p.Sel != child {
				return -1
			}
		case *ast.IndexExpr, *ast.IndexListExpr, *ast.ParenExpr:
		case *ast.CallExpr:
			if p.Fun == child {
				return i
			}
			return -1
		default:
			return -1
		}
		child = stack[i]
	}
	return -1
}
