package ctxprop

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// Program is what a whole-program driver knows beyond one package: the
// callees of the program's dynamic calls, from a call graph, and the
// summaries that the round before computed for every package's functions
// and literals, so that a callee in a package the caller does not import
// is summarised too.
type Program struct {
	// Callees returns the functions and literals (by the position of their
	// func keyword) that the dynamic call whose left parenthesis is at
	// lparen may run; ok is false when the graph does not know the call.
	Callees func(lparen token.Pos) (funcs []*types.Func, lits []token.Pos, ok bool)
	// IsLitCallee reports whether a literal is run by a dynamic call: it
	// then needs a summary of its own even where it is passed in place.
	IsLitCallee func(pos token.Pos) bool
	// Funcs and Lits are the summaries of the round before. A package's
	// analysis reads them only for the callees Callees gives for its own
	// calls: the driver replays a package whose callees' summaries (and
	// imports' facts) did not change, so any other read must be tracked
	// there too (internal/wholeprog, rounds).
	Funcs map[*types.Func]*Summary
	Lits  map[token.Pos]*Summary
	// Quiet is for a driver that reads the paths of the Result only
	// (ctxlint -fix): the analysis records each stuck path and spells no
	// diagnostic for it.
	Quiet bool
	// PerCall keeps, for every call of a loop's iteration, its best path
	// to each sink site, where reports keep the best one per sink site:
	// ctxlint -fix must thread the deadline down each of those calls, and
	// a path hidden behind another call's to the same sink would wait for
	// a pass of its own.
	PerCall bool
}

// WholeProgramWith returns an analyzer like Analyzer that resolves the
// dynamic calls the program's call graph knows to their callees, and
// reports in its Result the summaries the next round needs. A standalone
// driver runs it until the summaries stop changing.
func WholeProgramWith(p *Program) *analysis.Analyzer {
	a := *Analyzer
	a.Run = func(pass *analysis.Pass) (any, error) { return runWith(pass, p) }
	return &a
}

// viaProgram resolves a dynamic call with the program's call graph: the
// sinks among its callees are events of their own, the others targets of
// ev. It reports false when the graph does not know the call, or knows no
// callee for it (nothing flows to its receiver: an entry point's parameter),
// and the package's own resolution applies.
func (w *walker) viaProgram(call *ast.CallExpr, ev *event, method bool) bool {
	a := w.a
	if a.program == nil || a.program.Callees == nil || call == nil {
		return false
	}
	funcs, lits, ok := a.program.Callees(call.Lparen)
	funcs, lits = a.programCallees(call.Pos(), funcs, lits)
	if !ok || len(funcs)+len(lits) == 0 {
		return false
	}
	for _, fn := range funcs {
		if rule, ok := a.sinkFor(fn); ok {
			if a.noRoundTrip(call, fn) {
				continue
			}
			var ref ast.Expr // a function value: no receiver
			if method {
				ref = ast.Unparen(call.Fun)
			}
			w.emit(event{pos: call.Pos(), dynamic: true, sink: &sinkHit{sinkName(fn), w.sinkStateAt(call, rule, ref, 0)}})
			continue
		}
		t, ok := a.targetOf(fn)
		if !ok {
			if s := a.program.Funcs[fn]; s != nil && fn.Pkg() != a.pass.Pkg {
				t, ok = target{summary: s}, true
			}
		}
		if ok && method && fn.Pkg() != a.pass.Pkg {
			t.entry = a.entryName(fn.Pkg().Path(), fn.FullName())
		}
		if ok {
			ev.targets = append(ev.targets, t)
		}
	}
	for _, pos := range lits {
		if u := a.litUnitAt(pos); u != nil {
			ev.targets = append(ev.targets, target{unit: u})
		} else if s := a.program.Lits[pos]; s != nil {
			ev.targets = append(ev.targets, target{summary: s})
		}
	}
	return true
}

// litUnitAt returns the unit of this package's literal whose func keyword
// is at pos.
func (a *pkgAnalysis) litUnitAt(pos token.Pos) *unit {
	if a.litsByPos == nil {
		a.litsByPos = make(map[token.Pos]*unit, len(a.litUnits))
		for lit, u := range a.litUnits {
			a.litsByPos[lit.Type.Func] = u
		}
	}
	return a.litsByPos[pos]
}
