package rewrite

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strconv"
	"strings"
	"time"

	"github.com/ctxlint/ctxlint/internal/ctxtypes"
	"github.com/ctxlint/ctxlint/rewrite/internal/change"
	"github.com/dave/dst"
	"golang.org/x/tools/go/types/typeutil"
)

// A periodic loop is a monitored function that receives no health tick:
// an agent's job loop over a clock (go.d.plugin's, telegraf's). Each
// iteration is bounded by a timeout of its own, the loop's interval or a
// fixed duration, derived where the iteration's work starts:
//
//	case t := <-j.tick:
//		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
//		j.runOnce(ctx)
//		cancel()

// periodic plans the derivation of a periodic loop's context around the
// call of a path's root; ticked says the loop receives a tick that carries
// no deadline (else it receives none). It reports false when the path
// cannot be migrated.
func (b *builder) periodic(root hop, label string, ticked bool) (setKey, bool) {
	p := b.pl.prog
	name := root.decl.Name.Name
	timeout, err := b.timeoutOf(root.decl)
	if err != nil {
		b.refuse("bad directive", err.Error(), p.Fset.Position(root.decl.Pos()), label)
		return setKey{}, false
	}
	if timeout == "" {
		if b.opts.Todo {
			return setKey{}, true // the root passes context.TODO()
		}
		why := fmt.Sprintf("%s is monitored but receives no health tick", name)
		if ticked {
			why = "the tick carries no deadline: make the handle's C carry one (as runtime/health does)"
		}
		b.refuse("no deadline", why+": run with -fix.timeout=D to bound each iteration by D (or mark it //ctxlint:monitored timeout=EXPR, the loop's interval), or with -fix.todo to thread ctx below it from context.TODO()", p.Fset.Position(root.pos), label)
		return setKey{}, false
	}
	info := root.file.Pkg.TypesInfo
	sh := findIteration(root.decl, root.pos)
	if derivedBefore(info, sh.region, root.pos) {
		return setKey{}, true // a run before bounded the iteration
	}
	start := sh.region[0].Pos()
	key := posKey("iteration", start)
	if _, ok := b.sets[key]; !ok {
		b.add(key, &change.Set{Name: "loop of " + name, Loop: &change.Loop{Recv: start, Call: root.pos, Timeout: timeout}})
	}
	return key, true
}

// timeoutOf is the Go expression that bounds an iteration of the
// periodic loop decl: its directive's timeout=EXPR, else -fix.timeout.
func (b *builder) timeoutOf(decl *ast.FuncDecl) (string, error) {
	if decl.Doc != nil {
		for _, c := range decl.Doc.List {
			args, ok := strings.CutPrefix(c.Text, "//ctxlint:monitored")
			if !ok {
				continue
			}
			if i := strings.Index(args, "//"); i >= 0 {
				args = args[:i]
			}
			for _, f := range strings.Fields(args) {
				if expr, ok := strings.CutPrefix(f, "timeout="); ok {
					if _, err := parser.ParseExpr(expr); err != nil || expr == "" {
						return "", fmt.Errorf("//ctxlint:monitored timeout=%s on %s: not a Go expression (write it without spaces, e.g. timeout=time.Duration(j.every)*time.Second)", expr, decl.Name.Name)
					}
					return expr, nil
				}
			}
		}
	}
	if b.opts.Timeout <= 0 {
		return "", nil
	}
	return durationExpr(b.opts.Timeout), nil
}

// durationExpr writes d as a person would: 30 * time.Second, 1500 *
// time.Millisecond.
func durationExpr(d time.Duration) string {
	units := []struct {
		d    time.Duration
		name string
	}{{time.Hour, "Hour"}, {time.Minute, "Minute"}, {time.Second, "Second"}, {time.Millisecond, "Millisecond"}, {time.Microsecond, "Microsecond"}}
	for _, u := range units {
		if d%u.d == 0 {
			if d == u.d {
				return "time." + u.name
			}
			return strconv.FormatInt(int64(d/u.d), 10) + " * time." + u.name
		}
	}
	return "time.Duration(" + strconv.FormatInt(int64(d), 10) + ")"
}

// findIteration is the shape of the iteration around the call at pos in
// decl: the body of the outermost for or range statement around it (an
// inner loop, over the inputs of one tick, is part of the iteration), or,
// within it, of the select case the call is in; the whole function when
// no loop is around the call (the function is one iteration).
func findIteration(decl *ast.FuncDecl, pos token.Pos) *loopShape {
	sh := &loopShape{kind: periodicWork, region: decl.Body.List}
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
			if sh.loop == nil {
				sh.loop, sh.region = n, n.Body.List
			}
		case *ast.RangeStmt:
			if sh.loop == nil {
				sh.loop, sh.region = n, n.Body.List
			}
		case *ast.CommClause:
			if sh.loop != nil && sh.clause == nil && len(n.Body) > 0 {
				sh.region, sh.clause = n.Body, n
			}
		}
		return true
	})
	return sh
}

// derivedBefore reports whether the work derives a context with a
// deadline or timeout before the call at pos.
func derivedBefore(info *types.Info, region []ast.Stmt, pos token.Pos) bool {
	return contextDefinedBefore(info, region, pos, func(rhs ast.Expr) bool {
		call, ok := ast.Unparen(rhs).(*ast.CallExpr)
		if !ok {
			return false
		}
		fn, ok := typeutil.Callee(info, call).(*types.Func)
		if !ok || fn.Pkg() == nil {
			return false
		}
		switch path := fn.Pkg().Path(); {
		case path == "context" && (strings.HasPrefix(fn.Name(), "WithTimeout") || strings.HasPrefix(fn.Name(), "WithDeadline")),
			path == ctxtypes.HealthPath && strings.HasPrefix(fn.Name(), "WithDeadline"):
			return true
		}
		return false
	})
}

// periodic derives a periodic loop's context from its timeout at the
// start of the iteration's work.
func (e *edit) periodic(l *change.Loop) {
	f := e.p.FileAt(l.Recv)
	_, decl := e.p.FuncAt(l.Recv)
	info := f.Pkg.TypesInfo
	sh := findIteration(decl, l.Call)
	var region *[]dst.Stmt
	switch {
	case sh.clause != nil:
		region = &e.dstOf(sh.clause).(*dst.CommClause).Body
	case sh.loop != nil:
		switch n := e.dstOf(sh.loop).(type) {
		case *dst.ForStmt:
			region = &n.Body.List
		case *dst.RangeStmt:
			region = &n.Body.List
		}
	default:
		region = &e.dstOf(decl).(*dst.FuncDecl).Body.List
	}
	if region == nil {
		e.fail("%s: cannot edit the loop's iteration", e.p.Fset.Position(l.Recv))
		return
	}
	timeout, err := e.exprAt(l.Timeout, f.Pkg.Types, l.Recv)
	if err != nil {
		e.fail("%s: timeout %s: %v", e.p.Fset.Position(decl.Pos()), l.Timeout, err)
		return
	}
	parent, threaded := e.ctxAt(sh.region[0].Pos())
	if !threaded {
		parent = &dst.CallExpr{Fun: &dst.Ident{Name: "Background", Path: "context"}}
	}
	ctxName := freeName(decl, "ctx", info, true)
	cancel := freeName(decl, "cancel", info, false)
	e.derive(sh, region, 0, ctxName, cancel, &dst.CallExpr{Fun: &dst.Ident{Name: "WithTimeout", Path: "context"}, Args: []dst.Expr{parent, timeout}})
}

// exprAt parses src, an expression written for the scope at pos, into
// dst: a package name in scope there, or time, is an import path for the
// restorer.
func (e *edit) exprAt(src string, pkg *types.Package, pos token.Pos) (dst.Expr, error) {
	x, err := parser.ParseExpr(src)
	if err != nil {
		return nil, err
	}
	scope := pkg.Scope().Innermost(pos)
	var conv func(ast.Expr) (dst.Expr, error)
	conv = func(x ast.Expr) (dst.Expr, error) {
		switch x := x.(type) {
		case *ast.Ident:
			return dst.NewIdent(x.Name), nil
		case *ast.BasicLit:
			return &dst.BasicLit{Kind: x.Kind, Value: x.Value}, nil
		case *ast.ParenExpr:
			in, err := conv(x.X)
			return &dst.ParenExpr{X: in}, err
		case *ast.SelectorExpr:
			if id, ok := x.X.(*ast.Ident); ok {
				_, obj := scope.LookupParent(id.Name, pos)
				if pn, ok := obj.(*types.PkgName); ok {
					return &dst.Ident{Name: x.Sel.Name, Path: pn.Imported().Path()}, nil
				}
				if obj == nil && id.Name == "time" {
					return &dst.Ident{Name: x.Sel.Name, Path: "time"}, nil
				}
			}
			in, err := conv(x.X)
			return &dst.SelectorExpr{X: in, Sel: dst.NewIdent(x.Sel.Name)}, err
		case *ast.BinaryExpr:
			l, err := conv(x.X)
			if err != nil {
				return nil, err
			}
			r, err := conv(x.Y)
			return &dst.BinaryExpr{X: l, Op: x.Op, Y: r}, err
		case *ast.UnaryExpr:
			in, err := conv(x.X)
			return &dst.UnaryExpr{Op: x.Op, X: in}, err
		case *ast.StarExpr:
			in, err := conv(x.X)
			return &dst.StarExpr{X: in}, err
		case *ast.CallExpr:
			fun, err := conv(x.Fun)
			if err != nil {
				return nil, err
			}
			call := &dst.CallExpr{Fun: fun}
			for _, a := range x.Args {
				da, err := conv(a)
				if err != nil {
					return nil, err
				}
				call.Args = append(call.Args, da)
			}
			return call, nil
		case *ast.IndexExpr:
			in, err := conv(x.X)
			if err != nil {
				return nil, err
			}
			idx, err := conv(x.Index)
			return &dst.IndexExpr{X: in, Index: idx}, err
		}
		return nil, fmt.Errorf("%s is not supported in a timeout (use names, selectors, calls, literals and operators)", types.ExprString(x))
	}
	return conv(x)
}
