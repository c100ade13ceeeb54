package wholeprog

import (
	"go/types"
	"reflect"
	"slices"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
	"github.com/ctxlint/ctxlint/internal/wholeprog/calltargets"
)

// settled returns the packages whose analysis is the same in every round:
// those outside the main modules that import none of their packages and
// hold no literal the call graph resolves a call to. The call graph covers
// the main modules' code only, so no call of theirs is resolved through
// it, and the summaries of the round before, which only such calls
// consult, cannot change what they find. The packages the patterns matched
// are never settled: their diagnostics are the output.
func settled(roots []*packages.Package, targets *calltargets.Targets) map[*types.Package]bool {
	isRoot := make(map[*packages.Package]bool, len(roots))
	for _, p := range roots {
		isRoot[p] = true
	}
	litFiles := make(map[string]bool)
	if len(roots) > 0 {
		for pos := range targets.Lits() {
			if f := roots[0].Fset.File(pos); f != nil {
				litFiles[f.Name()] = true
			}
		}
	}
	moves := calltargets.Reaching(roots)
	out := make(map[*types.Package]bool)
	packages.Visit(roots, nil, func(p *packages.Package) {
		if moves[p] || isRoot[p] || p.Types == nil || slices.ContainsFunc(p.CompiledGoFiles, func(name string) bool { return litFiles[name] }) {
			return
		}
		out[p.Types] = true
	})
	return out
}

// Replays remembers what ctxprop did on the settled packages of a
// program: the facts it exported, its diagnostics and its result. Later
// rounds, and later runs on the same loaded dependencies, replay them
// instead of analysing the package again: on a program with large
// dependencies (SDKs, client libraries) that is most of each round.
type Replays struct {
	mu   sync.Mutex
	memo map[*types.Package]*replay
}

// NewReplays returns an empty Replays.
func NewReplays() *Replays { return &Replays{memo: make(map[*types.Package]*replay)} }

// wrap returns a whole-program analyzer that replays a for the settled
// packages once it has run on them.
func (rs *Replays) wrap(a *analysis.Analyzer, settled map[*types.Package]bool) *analysis.Analyzer {
	run := a.Run
	r := *a
	r.Run = func(pass *analysis.Pass) (any, error) {
		if !settled[pass.Pkg] {
			return run(pass)
		}
		rs.mu.Lock()
		m := rs.memo[pass.Pkg]
		rs.mu.Unlock()
		if m != nil {
			return m.apply(pass), nil
		}
		m, err := record(pass, run)
		if err != nil {
			return nil, err
		}
		rs.mu.Lock()
		rs.memo[pass.Pkg] = m
		rs.mu.Unlock()
		return m.result, nil
	}
	return &r
}

// replay is what one analysis of a settled package did.
type replay struct {
	result   any
	objFacts []analysis.ObjectFact
	pkgFacts []analysis.PackageFact
	diags    []analysis.Diagnostic
}

// record runs the analysis of one package and keeps what it did.
func record(pass *analysis.Pass, run func(*analysis.Pass) (any, error)) (*replay, error) {
	m := &replay{}
	report := pass.Report
	pass.Report = func(d analysis.Diagnostic) {
		m.diags = append(m.diags, d)
		report(d)
	}
	res, err := run(pass)
	pass.Report = report
	if err != nil {
		return nil, err
	}
	m.result = res
	for _, f := range pass.AllObjectFacts() {
		if f.Object.Pkg() == pass.Pkg {
			m.objFacts = append(m.objFacts, f)
		}
	}
	for _, f := range pass.AllPackageFacts() {
		if f.Package == pass.Pkg {
			m.pkgFacts = append(m.pkgFacts, f)
		}
	}
	return m, nil
}

// apply does again, on pass, what the recorded analysis did, and returns
// its result.
func (m *replay) apply(pass *analysis.Pass) any {
	for _, f := range m.objFacts {
		pass.ExportObjectFact(f.Object, f.Fact)
	}
	for _, f := range m.pkgFacts {
		pass.ExportPackageFact(f.Fact)
	}
	for _, d := range m.diags {
		pass.Report(d)
	}
	return m.result
}

// sameFact compares two facts of one type: ctxprop's summaries and
// dispatch facts, most of them and the largest, by their Equal.
func sameFact(a, b analysis.Fact) bool {
	switch a := a.(type) {
	case *ctxprop.Summary:
		return a.Equal(b.(*ctxprop.Summary))
	case *ctxprop.Dispatch:
		return a.Equal(b.(*ctxprop.Dispatch))
	}
	return reflect.DeepEqual(a, b)
}

// sameFacts reports whether two analyses of a package exported the same
// facts, whatever their order.
func sameFacts(a, b *replay) bool {
	if len(a.objFacts) != len(b.objFacts) || len(a.pkgFacts) != len(b.pkgFacts) {
		return false
	}
	type key struct {
		obj  types.Object
		kind reflect.Type
	}
	objs := make(map[key]analysis.Fact, len(a.objFacts))
	for _, f := range a.objFacts {
		objs[key{f.Object, reflect.TypeOf(f.Fact)}] = f.Fact
	}
	for _, f := range b.objFacts {
		g, ok := objs[key{f.Object, reflect.TypeOf(f.Fact)}]
		if !ok || !sameFact(f.Fact, g) {
			return false
		}
	}
	pkgs := make(map[reflect.Type]analysis.Fact, len(a.pkgFacts))
	for _, f := range a.pkgFacts {
		pkgs[reflect.TypeOf(f.Fact)] = f.Fact
	}
	for _, f := range b.pkgFacts {
		g, ok := pkgs[reflect.TypeOf(f.Fact)]
		if !ok || !sameFact(f.Fact, g) {
			return false
		}
	}
	return true
}
