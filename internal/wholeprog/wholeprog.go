// Package wholeprog runs ctxprop over loaded packages as one program: the
// driver of ctxlint -whole-program and of ctxlint -fix.
package wholeprog

import (
	"fmt"
	"go/token"
	"go/types"
	"os"
	"reflect"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
	"github.com/ctxlint/ctxlint/internal/calltargets"
)

// maxRounds bounds the whole-program fixpoint; each round only adds what
// newly visible implementations reach, so it settles in a few.
const maxRounds = 10

// Analyze runs ctxprop over the packages as one program. Dynamic calls
// resolve through the program's call graph (calltargets: SSA, CHA, VTA),
// so they reach implementations and stored functions in packages the
// caller does not import, and only those that flow there. A package is
// analysed before those that import it, not before those it calls through
// the graph: rounds pass every package's summaries to the next until they
// settle (each round only adds what newly summarised callees reach).
func Analyze(pkgs []*packages.Package) (*checker.Graph, error) {
	start := time.Now()
	targets := calltargets.Build(pkgs)
	debugf("call graph: %d dynamic calls in %v", targets.Len(), time.Since(start))
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
		start := time.Now()
		graph, err := checker.Analyze([]*analysis.Analyzer{ctxprop.WholeProgramWith(prog)}, pkgs, nil)
		if err != nil {
			return nil, err
		}
		debugf("round %d: %v", round, time.Since(start))
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

// Stuck lists the reports of the packages the patterns matched (the
// graph's roots), each once: a file compiled into a package and its test
// variant is reported by both.
func Stuck(graph *checker.Graph) ([]ctxprop.Stuck, error) {
	var out []ctxprop.Stuck
	seen := map[string]bool{}
	for act := range graph.All() {
		if act.Err != nil {
			return nil, fmt.Errorf("%s: %v", act, act.Err)
		}
		r, ok := act.Result.(*ctxprop.Result)
		if !ok || !act.IsRoot {
			continue
		}
		for _, s := range r.Stuck {
			key := fmt.Sprint(act.Package.Fset.Position(s.Pos), s.Reach.Sink, s.Reach.Path)
			if !seen[key] {
				seen[key] = true
				out = append(out, s)
			}
		}
	}
	return out, nil
}

// debugf prints a timing line on stderr when CTXLINT_DEBUG=timing.
func debugf(format string, args ...any) {
	if os.Getenv("CTXLINT_DEBUG") == "timing" {
		fmt.Fprintf(os.Stderr, "ctxlint: "+format+"\n", args...)
	}
}
