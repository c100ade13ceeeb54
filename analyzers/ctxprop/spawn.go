package ctxprop

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Starts is the fact ctxprop exports for a function that runs some of its
// function parameters only in goroutines it does not wait for: a function
// passed there does not run during the call, and its caller goes on.
type Starts struct {
	Params []int // parameter indices, ascending
}

// AFact marks Starts as an analysis fact.
func (*Starts) AFact() {}

func (s *Starts) String() string {
	parts := make([]string, len(s.Params))
	for i, p := range s.Params {
		parts[i] = fmt.Sprint(p)
	}
	return "starts parameter " + strings.Join(parts, ", ")
}

// startedParams returns the indices of decl's function parameters that its
// body calls only in go statements (go f(), or go func() { ... f() ... }())
// and never otherwise uses, when the body waits for no goroutine. Any other
// use (a call in place, a deferred call, passing it on, storing it) may run
// it during the call: the parameter is then taken as run in place.
func startedParams(info *types.Info, decl *ast.FuncDecl) []int {
	if decl.Body == nil || decl.Type.Params == nil {
		return nil
	}
	index := make(map[*types.Var]int)
	i := 0
	for _, field := range decl.Type.Params.List {
		if len(field.Names) == 0 {
			i++
		}
		for _, id := range field.Names {
			if v, ok := info.Defs[id].(*types.Var); ok {
				if _, ok := typeUnder(v.Type()).(*types.Signature); ok {
					index[v] = i
				}
			}
			i++
		}
	}
	if len(index) == 0 {
		return nil
	}
	started := make(map[int]bool)
	inPlace := make(map[int]bool)
	param := func(e ast.Expr) (int, bool) {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok {
				i, ok := index[v]
				return i, ok
			}
		}
		return 0, false
	}
	var visit func(n ast.Node, async bool)
	visit = func(n ast.Node, async bool) {
		ast.Inspect(n, func(n ast.Node) bool {
			var call *ast.CallExpr
			funAsync := async
			switch n := n.(type) {
			case *ast.GoStmt:
				// What runs in the new goroutine is the call's function;
				// the arguments are evaluated before it starts.
				call, funAsync = n.Call, true
			case *ast.CallExpr:
				call = n
			case *ast.Ident:
				if i, ok := param(n); ok {
					inPlace[i] = true // a use other than a call
				}
				return true
			default:
				return true
			}
			if i, ok := param(call.Fun); !ok {
				visit(call.Fun, funAsync)
			} else if funAsync {
				started[i] = true
			} else {
				inPlace[i] = true
			}
			for _, arg := range call.Args {
				visit(arg, async)
			}
			return false
		})
	}
	visit(decl.Body, false)
	if len(started) == 0 || waitsForGoroutines(info, decl.Body) {
		return nil
	}
	var out []int
	for i := range started {
		if !inPlace[i] {
			out = append(out, i)
		}
	}
	slices.Sort(out)
	return out
}

// startsParam reports whether fn runs its parameter i only in goroutines it
// does not wait for.
func (a *pkgAnalysis) startsParam(fn *types.Func, i int) bool {
	fn = fn.Origin()
	params, ok := a.started[fn]
	if !ok {
		if fn.Pkg() == a.pass.Pkg {
			if u := a.funcUnits[fn]; u != nil {
				params = startedParams(a.info, u.decl)
			}
		} else {
			var s Starts
			if a.pass.ImportObjectFact(fn, &s) {
				params = s.Params
			}
		}
		put(&a.started, fn, params)
	}
	return slices.Contains(params, i)
}

// exportStarts attaches a Starts fact to the package's functions that
// start a parameter. It runs before the fast path: a helper package that
// reaches no sink still decides whether its callers block.
func exportStarts(pass *analysis.Pass) {
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			decl, ok := d.(*ast.FuncDecl)
			if !ok || decl.Body == nil {
				continue
			}
			if fn, ok := pass.TypesInfo.Defs[decl.Name].(*types.Func); ok {
				if params := startedParams(pass.TypesInfo, decl); len(params) > 0 {
					pass.ExportObjectFact(fn, &Starts{Params: params})
				}
			}
		}
	}
}
