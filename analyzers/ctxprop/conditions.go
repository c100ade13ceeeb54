package ctxprop

import (
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
)

// The conditions a guard holds: written in a small language over one
// parameter (p > 0, len(p) == 0, strings.HasPrefix(p, "unix")), rendered
// from an if statement's condition, and evaluated at a caller for a
// constant argument.

// condGuard returns the guard cond makes on the one parameter of a basic
// type it reads, which param recognises.
func condGuard(info *types.Info, cond ast.Expr, param func(ast.Expr) (int, bool)) (guard, bool) {
	want := true
	for not, ok := ast.Unparen(cond).(*ast.UnaryExpr); ok && not.Op == token.NOT; not, ok = ast.Unparen(cond).(*ast.UnaryExpr) {
		cond, want = not.X, !want
	}
	r := condRenderer{info, param, -1}
	text, ok := r.render(cond)
	if !ok || r.p < 0 {
		return guard{}, false
	}
	return guard{Param: r.p, Cond: text, Want: want}, true
}

// condRenderer writes a condition in the guard syntax, the one parameter
// it reads as _.
type condRenderer struct {
	info  *types.Info
	param func(ast.Expr) (int, bool)
	p     int // the parameter read, or -1
}

// render writes e; ok is false when e reads anything else that is not a
// constant.
func (r *condRenderer) render(e ast.Expr) (string, bool) {
	e = ast.Unparen(e)
	if tv, ok := r.info.Types[e]; ok && tv.Value != nil {
		return tv.Value.ExactString(), true
	}
	switch x := e.(type) {
	case *ast.Ident:
		p, ok := r.param(x)
		if !ok || r.p >= 0 && r.p != p {
			return "", false
		}
		r.p = p
		return "_", true
	case *ast.UnaryExpr:
		if x.Op != token.NOT {
			return "", false
		}
		s, ok := r.render(x.X)
		return "!(" + s + ")", ok
	case *ast.BinaryExpr:
		switch x.Op {
		case token.LAND, token.LOR, token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		default:
			return "", false
		}
		l, ok := r.render(x.X)
		if !ok {
			return "", false
		}
		rr, ok := r.render(x.Y)
		return "(" + l + " " + x.Op.String() + " " + rr + ")", ok
	case *ast.CallExpr:
		name, ok := condFunc(r.info, x)
		if !ok || x.Ellipsis.IsValid() {
			return "", false
		}
		args := make([]string, len(x.Args))
		for i, arg := range x.Args {
			if args[i], ok = r.render(arg); !ok {
				return "", false
			}
		}
		return name + "(" + strings.Join(args, ", ") + ")", true
	}
	return "", false
}

// condFuncs are the functions a guard's condition may call.
var condFuncs = map[string]bool{"len": true, "strings.HasPrefix": true, "strings.HasSuffix": true, "strings.Contains": true, "strings.EqualFold": true}

func condFunc(info *types.Info, call *ast.CallExpr) (string, bool) {
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		if _, ok := info.Uses[f].(*types.Builtin); ok && f.Name == "len" {
			return "len", true
		}
	case *ast.SelectorExpr:
		if fn, ok := info.Uses[f.Sel].(*types.Func); ok && fn.Pkg() != nil && fn.Pkg().Path() == "strings" {
			name := "strings." + fn.Name()
			return name, condFuncs[name]
		}
	}
	return "", false
}

// evalCond evaluates a guard's condition with _ bound to v; ok is false
// when it cannot.
func evalCond(cond string, v constant.Value) (bool, bool) {
	e, err := parser.ParseExpr(cond)
	if err != nil {
		return false, false
	}
	r := evalConst(e, v)
	if r == nil || r.Kind() != constant.Bool {
		return false, false
	}
	return constant.BoolVal(r), true
}

func evalConst(e ast.Expr, v constant.Value) constant.Value {
	switch x := e.(type) {
	case *ast.ParenExpr:
		return evalConst(x.X, v)
	case *ast.Ident:
		switch x.Name {
		case "_":
			return v
		case "true", "false":
			return constant.MakeBool(x.Name == "true")
		}
	case *ast.BasicLit:
		return constant.MakeFromLiteral(x.Value, x.Kind, 0)
	case *ast.UnaryExpr:
		if y := evalConst(x.X, v); y != nil && y.Kind() == constant.Bool && x.Op == token.NOT {
			return constant.MakeBool(!constant.BoolVal(y))
		}
		if y := evalConst(x.X, v); y != nil && x.Op == token.SUB && y.Kind() != constant.Bool && y.Kind() != constant.String {
			return constant.UnaryOp(token.SUB, y, 0)
		}
	case *ast.BinaryExpr:
		l := evalConst(x.X, v)
		if l == nil {
			return nil
		}
		if x.Op == token.LAND || x.Op == token.LOR {
			if l.Kind() != constant.Bool {
				return nil
			}
			if constant.BoolVal(l) == (x.Op == token.LOR) {
				return l // short-circuit
			}
			return evalConst(x.Y, v)
		}
		r := evalConst(x.Y, v)
		if r == nil || !comparableConsts(l, r) {
			return nil
		}
		switch x.Op {
		case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
			return constant.MakeBool(constant.Compare(l, x.Op, r))
		case token.QUO, token.ADD, token.SUB, token.MUL:
			return constant.BinaryOp(l, x.Op, r) // a rational constant's ExactString
		}
	case *ast.CallExpr:
		args := make([]constant.Value, len(x.Args))
		for i, arg := range x.Args {
			if args[i] = evalConst(arg, v); args[i] == nil {
				return nil
			}
		}
		return callConst(x.Fun, args)
	}
	return nil
}

// comparableConsts reports whether constant.Compare may take l and r.
func comparableConsts(l, r constant.Value) bool {
	num := func(k constant.Kind) bool { return k == constant.Int || k == constant.Float }
	return l.Kind() == r.Kind() || num(l.Kind()) && num(r.Kind())
}

func callConst(fun ast.Expr, args []constant.Value) constant.Value {
	name := ""
	switch f := fun.(type) {
	case *ast.Ident:
		name = f.Name
	case *ast.SelectorExpr:
		if pkg, ok := f.X.(*ast.Ident); ok {
			name = pkg.Name + "." + f.Sel.Name
		}
	}
	strs := make([]string, len(args))
	for i, a := range args {
		if a.Kind() != constant.String {
			return nil
		}
		strs[i] = constant.StringVal(a)
	}
	switch {
	case name == "len" && len(strs) == 1:
		return constant.MakeInt64(int64(len(strs[0])))
	case len(strs) != 2:
		return nil
	case name == "strings.HasPrefix":
		return constant.MakeBool(strings.HasPrefix(strs[0], strs[1]))
	case name == "strings.HasSuffix":
		return constant.MakeBool(strings.HasSuffix(strs[0], strs[1]))
	case name == "strings.Contains":
		return constant.MakeBool(strings.Contains(strs[0], strs[1]))
	case name == "strings.EqualFold":
		return constant.MakeBool(strings.EqualFold(strs[0], strs[1]))
	}
	return nil
}
