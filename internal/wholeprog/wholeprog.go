// Package wholeprog runs ctxprop over loaded packages as one program: the
// driver of ctxlint -whole-program and of ctxlint -fix.
package wholeprog

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"os"
	"slices"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
	"github.com/ctxlint/ctxlint/internal/wholeprog/calltargets"
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
	a, err := AnalyzeProgram(pkgs, Options{})
	if err != nil {
		return nil, err
	}
	return a.Graph, nil
}

// Analysis is a whole-program run: its graph of actions, and what every
// call of the program may reach.
type Analysis struct {
	Graph *checker.Graph
	prog  *ctxprop.Program
	fset  *token.FileSet
	// methods indexes the summarised methods by name and package; visible memoizes
	// each package's import closure (implementations).
	methods map[string]map[*types.Package][]*types.Func
	visible map[*types.Package]map[*types.Package]bool
	// impls memoizes implementations by the calling package and the
	// interface and method called.
	impls map[implsKey]*implSet
	// analysed is the number of packages each round analysed (the
	// others it replayed).
	analysed []int
	// calls holds what the calls that resolve a callee's field call by
	// their object run (ctxprop.Result.Calls), gathered on first use.
	calls map[token.Pos]*ctxprop.Summary
	// targets is the call graph, of pkgs: what Carried passes on.
	targets *calltargets.Targets
	pkgs    []*packages.Package
}

// Carried is what the next pass over a rewrite of the program needs of
// this analysis (Options.Previous): its call graph and program, without
// the summaries and results that keep the rest alive.
func (a *Analysis) Carried() *Analysis {
	return &Analysis{targets: a.targets, pkgs: a.pkgs}
}

// Reaches returns the summaries of the functions a call in package pkg
// may run (the static callee, or the targets of a dynamic call in the
// call graph) that reach a sink.
func (a *Analysis) Reaches(pkg *types.Package, info *types.Info, call *ast.CallExpr) []*ctxprop.Summary {
	var out []*ctxprop.Summary
	if fn := typeutil.StaticCallee(info, call); fn != nil {
		if a.calls == nil {
			a.calls = make(map[token.Pos]*ctxprop.Summary)
			for act := range a.Graph.All() {
				if r, ok := act.Result.(*ctxprop.Result); ok {
					maps.Copy(a.calls, r.Calls)
				}
			}
		}
		if s := a.calls[call.Lparen]; s != nil {
			return append(out, s)
		}
		if s := a.prog.Funcs[fn.Origin()]; s != nil {
			out = append(out, s)
		}
		return out
	}
	fns, lits, ok := a.prog.Callees(call.Lparen)
	fns, lits = ctxprop.ProgramCallees(a.fset, call.Pos(), fns, lits)
	if !ok || len(fns)+len(lits) == 0 {
		// Nothing flows to the receiver in the graph (an entry point's
		// parameter): as ctxprop then does, every implementation the
		// caller's package can see.
		return a.implementations(pkg, info, call)
	}
	origins := make([]*types.Func, len(fns))
	for i, fn := range fns {
		origins[i] = fn.Origin()
	}
	return a.ordered(origins, lits)
}

// ordered returns the summaries of the functions and literals that have
// one, by file and offset, then content: the call graph and the maps
// implementations reads give them in an order that changes from run to
// run, and the rewrite plans the paths through them in the order given.
func (a *Analysis) ordered(fns []*types.Func, lits []token.Pos) []*ctxprop.Summary {
	type entry struct {
		at  token.Position
		sum *ctxprop.Summary
	}
	var es []entry
	for _, fn := range fns {
		if s := a.prog.Funcs[fn]; s != nil {
			es = append(es, entry{a.fset.Position(fn.Pos()), s})
		}
	}
	for _, pos := range lits {
		if s := a.prog.Lits[pos]; s != nil {
			es = append(es, entry{a.fset.Position(pos), s})
		}
	}
	slices.SortStableFunc(es, func(x, y entry) int {
		if c := cmp.Or(strings.Compare(x.at.Filename, y.at.Filename), cmp.Compare(x.at.Offset, y.at.Offset)); c != 0 {
			return c
		}
		// A package and its test variant: one function twice.
		return strings.Compare(x.sum.String(), y.sum.String())
	})
	out := make([]*ctxprop.Summary, len(es))
	for i, e := range es {
		out[i] = e.sum
	}
	return out
}

// implementations returns the summaries of the methods an interface
// method call may run: those of the types, in the caller's package or
// the packages it imports, that implement the interface.
func (a *Analysis) implementations(pkg *types.Package, info *types.Info, call *ast.CallExpr) []*ctxprop.Summary {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	selection := info.Selections[sel]
	if selection == nil || !types.IsInterface(selection.Recv()) {
		return nil
	}
	iface, _ := selection.Recv().Underlying().(*types.Interface)
	if iface == nil {
		return nil
	}
	if a.methods == nil {
		a.methods = make(map[string]map[*types.Package][]*types.Func)
		for fn := range a.prog.Funcs {
			if fn.Signature().Recv() != nil {
				byPkg := a.methods[fn.Name()]
				if byPkg == nil {
					byPkg = make(map[*types.Package][]*types.Func)
					a.methods[fn.Name()] = byPkg
				}
				byPkg[fn.Pkg()] = append(byPkg[fn.Pkg()], fn)
			}
		}
		a.visible = make(map[*types.Package]map[*types.Package]bool)
		a.impls = make(map[implsKey]*implSet)
	}
	key := implsKey{pkg, selection.Recv(), selection.Obj()}
	if m, ok := a.impls[key]; ok {
		return m.at(a, call)
	}
	from := a.imports(pkg)
	var impls []*types.Func
	add := func(fns []*types.Func) {
		for _, fn := range fns {
			recv := fn.Signature().Recv().Type()
			if types.Implements(recv, iface) || types.Implements(types.NewPointer(recv), iface) {
				impls = append(impls, fn)
			}
		}
	}
	// The methods of that name in the visible packages: from the smaller
	// side (a method every package of a large program declares).
	byPkg := a.methods[sel.Sel.Name]
	if len(from) < len(byPkg) {
		for p := range from {
			add(byPkg[p])
		}
	} else {
		for p, fns := range byPkg {
			if from[p] {
				add(fns)
			}
		}
	}
	m := &implSet{all: a.ordered(impls, nil)}
	// Outside the test files: without the test files' functions, worked
	// out once (expand asks at every call).
	if fns, _ := ctxprop.ProgramCallees(a.fset, token.NoPos, impls, nil); len(fns) != len(impls) {
		m.program, m.testOnly = a.ordered(fns, nil), true
	}
	a.impls[key] = m
	return m.at(a, call)
}

// implSet is a memoized implementations answer: the summaries of all of
// them in order, and, where some are in test files (testOnly), of the
// others.
type implSet struct {
	all      []*ctxprop.Summary
	program  []*ctxprop.Summary
	testOnly bool
}

// at is the answer for call: all, unless the call is outside the test
// files and some implementations are in them.
func (m *implSet) at(a *Analysis, call *ast.CallExpr) []*ctxprop.Summary {
	if !m.testOnly || ctxprop.InTestFile(a.fset, call.Pos()) {
		return m.all
	}
	return m.program
}

type implsKey struct {
	pkg    *types.Package
	iface  types.Type // the whole interface: a type implements it, not the method alone
	method types.Object
}

// imports is the set of packages visible from pkg: itself and those it
// imports, directly or not.
func (a *Analysis) imports(pkg *types.Package) map[*types.Package]bool {
	if set, ok := a.visible[pkg]; ok {
		return set
	}
	set := map[*types.Package]bool{}
	var visit func(p *types.Package)
	visit = func(p *types.Package) {
		if set[p] {
			return
		}
		set[p] = true
		for _, q := range p.Imports() {
			visit(q)
		}
	}
	visit(pkg)
	a.visible[pkg] = set
	return set
}

// Options tune a whole-program run.
type Options struct {
	// Replays, when not nil, carries what the analysis of the packages
	// that cannot change did from one run to the next on the same loaded
	// program (ctxlint -fix's passes, which keep the dependencies as
	// loaded).
	Replays *Replays
	// Quiet is for a caller that reads the Results' paths only (ctxlint
	// -fix): ctxprop spells no diagnostics.
	Quiet bool
	// PerCall makes the Results hold every call of a loop that reaches a
	// sink site, not the best one per site (ctxprop.Program.PerCall).
	PerCall bool
	// Previous, when not nil, is the analysis (Analysis.Carried) of the
	// program these packages are a rewrite of, sharing its file set and
	// the syntax of the files not rewritten (ctxlint -fix's next pass).
	// Its call graph is carried over where the rewrite cannot have
	// changed what a dynamic call runs (calltargets.Targets.Carry), and
	// built anew otherwise.
	Previous *Analysis
}

// AnalyzeProgram is Analyze, keeping the summaries and the call graph.
func AnalyzeProgram(pkgs []*packages.Package, opts Options) (*Analysis, error) {
	return analyzeProgram(pkgs, opts, true)
}

// analyzeProgram is AnalyzeProgram; without incremental, every round
// analyses every package not settled (the reference TestRounds compares
// the incremental rounds with).
func analyzeProgram(pkgs []*packages.Package, opts Options, incremental bool) (*Analysis, error) {
	start := time.Now()
	fset := token.NewFileSet()
	if len(pkgs) > 0 {
		fset = pkgs[0].Fset
	}
	targets := callGraph(pkgs, opts.Previous, fset)
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
		Quiet:       opts.Quiet,
		PerCall:     opts.PerCall,
	}
	replays := opts.Replays
	if replays == nil {
		replays = NewReplays()
	}
	rs := newRounds(pkgs, targets)
	rs.all = !incremental
	analyzer := rs.wrap(replays.wrap(ctxprop.WholeProgramWith(prog), settled(pkgs, targets)))
	var before map[*types.Func]*ctxprop.Summary
	var litsBefore map[token.Pos]*ctxprop.Summary
	var graph *checker.Graph
	var analysed []int
	for round := 1; ; round++ {
		// The summaries settle when a round gives those of the round before.
		if !rs.next(round, prog.Funcs, before, prog.Lits, litsBefore) && round > 1 || round > maxRounds {
			return &Analysis{Graph: graph, prog: prog, fset: fset, analysed: analysed, targets: targets, pkgs: pkgs}, nil
		}
		start := time.Now()
		var err error
		graph, err = checker.Analyze([]*analysis.Analyzer{analyzer}, pkgs, nil)
		if err != nil {
			return nil, err
		}
		before, litsBefore = prog.Funcs, prog.Lits
		prog.Funcs, prog.Lits = programSummaries(graph)
		analysed = append(analysed, rs.analysedNow())
		debugf("round %d: %v, %d packages analysed", round, time.Since(start), analysed[len(analysed)-1])
	}
}

// callGraph returns the program's call graph: prev's carried over when
// the rewrite allows it, built otherwise. CTXLINT_DEBUG=carry builds it
// anyway and tells each difference.
func callGraph(pkgs []*packages.Package, prev *Analysis, fset *token.FileSet) *calltargets.Targets {
	if prev == nil {
		return calltargets.Build(pkgs)
	}
	carried, why := carry(prev, pkgs)
	if carried == nil {
		debugf("call graph built anew: %s", why)
		return calltargets.Build(pkgs)
	}
	debugf("call graph carried over from the pass before")
	if os.Getenv("CTXLINT_DEBUG") == "carry" {
		diffs := calltargets.Diff(fset, carried, calltargets.Build(pkgs))
		for _, d := range diffs {
			fmt.Fprintf(os.Stderr, "ctxlint: carried call graph differs: %s\n", d)
		}
		fmt.Fprintf(os.Stderr, "ctxlint: carried call graph: %d differences from the one built anew\n", len(diffs))
	}
	return carried
}

// carry is prev's graph carried over to pkgs, or nil and why not. It is
// a saving only: should it fail, the graph is built.
func carry(prev *Analysis, pkgs []*packages.Package) (t *calltargets.Targets, why string) {
	defer func() {
		if r := recover(); r != nil {
			t, why = nil, fmt.Sprintf("internal error carrying it over: %v", r)
		}
	}()
	return prev.targets.Carry(prev.pkgs, pkgs)
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
	var buf strings.Builder
	for act := range graph.All() {
		if act.Err != nil {
			return nil, fmt.Errorf("%s: %v", act, act.Err)
		}
		r, ok := act.Result.(*ctxprop.Result)
		if !ok || !act.IsRoot {
			continue
		}
		for _, s := range r.Stuck {
			// A path as its reports show it: two that differ only where
			// the reports do not (a column, a directory) are one.
			buf.Reset()
			buf.WriteString(act.Package.Fset.Position(s.Pos).String())
			buf.WriteString(" " + s.Reach.Sink + " [")
			sep := ""
			for h := range s.Reach.Hops() {
				buf.WriteString(sep + h.String())
				sep = " "
			}
			buf.WriteByte(']')
			if key := buf.String(); !seen[key] {
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
