package main

import (
	"go/token"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
	"github.com/ctxlint/ctxlint/internal/calltargets"
)

// wholeProgram runs ctxprop over the packages as one program. Dynamic calls
// resolve through the program's call graph (calltargets: SSA, CHA, VTA),
// so they reach implementations and stored functions in packages the
// caller does not import, and only those that flow there. A package is
// analysed before those that import it, not before those it calls through
// the graph: rounds pass every package's summaries to the next until they
// settle (each round only adds what newly summarised callees reach).
func wholeProgram(pkgs []*packages.Package) (*checker.Graph, error) {
	targets := calltargets.Build(pkgs)
	prog := &ctxprop.Program{
		Callees: func(lparen token.Pos) ([]*types.Func, []token.Pos, bool) {
			c, ok := targets.At(lparen)
			if !ok {
				return nil, nil, false
			}
			return c.Funcs, c.Lits, true
		},
		IsLitCallee: targets.IsLitCallee,
	}
	for round := 1; ; round++ {
		graph, err := checker.Analyze([]*analysis.Analyzer{ctxprop.WholeProgramWith(prog)}, pkgs, nil)
		if err != nil {
			return nil, err
		}
		funcs, lits := programSummaries(graph)
		if round == maxRounds || reflect.DeepEqual(funcs, prog.Funcs) && reflect.DeepEqual(lits, prog.Lits) {
			return graph, nil
		}
		prog.Funcs, prog.Lits = funcs, lits
	}
}

// programSummaries gathers the summaries every package's ctxprop run
// reported for the next round.
func programSummaries(graph *checker.Graph) (map[*types.Func]*ctxprop.Summary, map[token.Pos]*ctxprop.Summary) {
	funcs := make(map[*types.Func]*ctxprop.Summary)
	lits := make(map[token.Pos]*ctxprop.Summary)
	for act := range graph.All() {
		r, ok := act.Result.(*ctxprop.Result)
		if !ok {
			continue
		}
		for fn, s := range r.Funcs {
			funcs[fn] = s
		}
		for pos, s := range r.Lits {
			lits[pos] = s
		}
	}
	return funcs, lits
}
