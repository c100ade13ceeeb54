package plan

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
	"github.com/ctxlint/ctxlint/rewrite/internal/loopshape"
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
	p := b.prog
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
	sh := loopshape.Iteration(root.decl, root.pos)
	if derivedBefore(info, sh.Region, root.pos) {
		return setKey{}, true // a run before bounded the iteration
	}
	start := sh.Region[0].Pos()
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
