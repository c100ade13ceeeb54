package apply

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"github.com/ctxlint/ctxlint/internal/ctxtypes"
	"github.com/dave/dst"
)

// adapt wraps a use of a function of another module as a value, whose
// slot now takes ctx first, in a closure that drops it:
//
//	hostnameProviders["os"] = func(ctx context.Context) (string, error) { return os.Hostname() }
func (e *edit) adapt(pos token.Pos) {
	f := e.p.FileAt(pos)
	var expr ast.Expr
	ast.Inspect(f.Syntax, func(n ast.Node) bool {
		if expr != nil || n == nil || n.End() <= pos || n.Pos() > pos {
			return false
		}
		switch n := n.(type) {
		case *ast.SelectorExpr, *ast.Ident:
			if n.Pos() == pos {
				expr = n.(ast.Expr)
				return false
			}
		}
		return true
	})
	if expr == nil {
		e.fail("%s: no function to adapt", e.p.Fset.Position(pos))
		return
	}
	id, ok := expr.(*ast.Ident)
	if sel, isSel := expr.(*ast.SelectorExpr); isSel {
		id, ok = sel.Sel, true
	}
	fn, _ := f.Pkg.TypesInfo.Uses[id].(*types.Func)
	if !ok || fn == nil {
		e.fail("%s: no function to adapt", e.p.Fset.Position(pos))
		return
	}
	if twin := contextTwin(fn); twin != nil {
		// exec.Command → exec.CommandContext: the twin has the slot's
		// new type, and bounds what the function did.
		e.replace(expr, &dst.Ident{Name: twin.Name(), Path: twin.Pkg().Path()})
		return
	}
	sig := fn.Signature()
	ctxName := freeName(f.Syntax, "ctx", f.Pkg.TypesInfo, false)
	params := []*dst.Field{{Names: []*dst.Ident{dst.NewIdent(ctxName)}, Type: contextType()}}
	var args []dst.Expr
	for i := range sig.Params().Len() {
		t := sig.Params().At(i).Type()
		if sig.Variadic() && i == sig.Params().Len()-1 {
			t = t.(*types.Slice).Elem()
		}
		te, err := typeExpr(t, sig.Variadic() && i == sig.Params().Len()-1)
		if err != nil {
			e.fail("%s: cannot spell the parameters of %s: %v", e.p.Fset.Position(pos), fn.FullName(), err)
			return
		}
		name := fmt.Sprintf("p%d", i)
		params = append(params, &dst.Field{Names: []*dst.Ident{dst.NewIdent(name)}, Type: te})
		args = append(args, dst.NewIdent(name))
	}
	var results []*dst.Field
	for i := range sig.Results().Len() {
		te, err := typeExpr(sig.Results().At(i).Type(), false)
		if err != nil {
			e.fail("%s: cannot spell the results of %s: %v", e.p.Fset.Position(pos), fn.FullName(), err)
			return
		}
		results = append(results, &dst.Field{Type: te})
	}
	call := &dst.CallExpr{Fun: &dst.Ident{Name: fn.Name(), Path: fn.Pkg().Path()}, Args: args, Ellipsis: sig.Variadic()}
	var body dst.Stmt = &dst.ReturnStmt{Results: []dst.Expr{call}}
	if len(results) == 0 {
		body = &dst.ExprStmt{X: call}
	}
	lit := &dst.FuncLit{
		Type: &dst.FuncType{Func: true, Params: &dst.FieldList{List: params}, Results: &dst.FieldList{List: results}},
		Body: &dst.BlockStmt{List: []dst.Stmt{body}},
	}
	e.replace(expr, lit)
}

// contextTwin is the function of fn's package named fn's name with
// Context after it whose parameters are a context.Context and then fn's,
// and whose results are fn's (exec.CommandContext for exec.Command), or
// nil.
func contextTwin(fn *types.Func) *types.Func {
	twin, ok := fn.Pkg().Scope().Lookup(fn.Name() + "Context").(*types.Func)
	if !ok {
		return nil
	}
	sig, tsig := fn.Signature(), twin.Signature()
	if tsig.Recv() != nil || tsig.Variadic() != sig.Variadic() || tsig.Params().Len() != sig.Params().Len()+1 || !ctxtypes.IsContext(tsig.Params().At(0).Type()) {
		return nil
	}
	for i := range sig.Params().Len() {
		if !types.Identical(sig.Params().At(i).Type(), tsig.Params().At(i+1).Type()) {
			return nil
		}
	}
	if !types.Identical(sig.Results(), tsig.Results()) {
		return nil
	}
	return twin
}

// typeExpr spells a type in dst, qualified identifiers carrying their
// package path so that the restorer imports them.
func typeExpr(t types.Type, variadic bool) (dst.Expr, error) {
	var out dst.Expr
	switch t := types.Unalias(t).(type) {
	case *types.Basic:
		out = dst.NewIdent(t.Name())
	case *types.Named:
		if t.TypeArgs().Len() > 0 {
			return nil, fmt.Errorf("instantiated type %s", t)
		}
		obj := t.Obj()
		if obj.Pkg() == nil {
			out = dst.NewIdent(obj.Name()) // error, comparable
		} else {
			out = &dst.Ident{Name: obj.Name(), Path: obj.Pkg().Path()}
		}
	case *types.Pointer:
		x, err := typeExpr(t.Elem(), false)
		if err != nil {
			return nil, err
		}
		out = &dst.StarExpr{X: x}
	case *types.Slice:
		x, err := typeExpr(t.Elem(), false)
		if err != nil {
			return nil, err
		}
		out = &dst.ArrayType{Elt: x}
	case *types.Map:
		k, err := typeExpr(t.Key(), false)
		if err != nil {
			return nil, err
		}
		v, err := typeExpr(t.Elem(), false)
		if err != nil {
			return nil, err
		}
		out = &dst.MapType{Key: k, Value: v}
	case *types.Interface:
		if !t.Empty() {
			return nil, fmt.Errorf("interface literal %s", t)
		}
		out = dst.NewIdent("any")
	default:
		return nil, fmt.Errorf("type %s", t)
	}
	if variadic {
		return &dst.Ellipsis{Elt: out}, nil
	}
	return out, nil
}
