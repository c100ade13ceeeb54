package wholeprog

import (
	"go/token"
	"go/types"
	"slices"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
	"github.com/ctxlint/ctxlint/internal/wholeprog/calltargets"
)

// rounds replays, from one round of the whole-program fixpoint to the
// next, the analysis of every package whose inputs did not change. What
// ctxprop finds in a package is a function of the package's code, of the
// facts of the packages it imports (directly or not) and of the
// summaries, from the round before, of the callees of its dynamic calls
// that the call graph resolves. When none of them changed since the
// package was last analysed, the round replays that analysis. After the
// first round, most packages of a large program are replayed: only those
// the new summaries reach are analysed again.
type rounds struct {
	// reads holds, per package, the callees of the dynamic calls in its
	// files: the summaries it may consult.
	reads map[*types.Package][]*calltargets.Callees
	// imports lists each package's imports as the checker passes facts
	// along them: the loaded packages' edges, which after a rewrite may
	// differ from what types.Package.Imports says.
	imports map[*types.Package][]*types.Package
	// round is the round running; changedAt the last round whose
	// summary of a function (or literal) differed from the round
	// before's, so that a package analysed in round r read a summary
	// that has changed since if changedAt >= r.
	round     int
	changedAt map[any]int
	all       bool // analyse every package in every round

	mu      sync.Mutex
	last    map[*types.Package]analysed
	changed map[*types.Package]bool // this round: facts differ from the package's last analysis
	dirty   map[*types.Package]bool // this round: a package it imports, directly or not, changed
	since   map[*calltargets.Callees]int
}

// analysed is a package's last analysis and the round it ran in.
type analysed struct {
	*replay
	round int
}

func newRounds(pkgs []*packages.Package, targets *calltargets.Targets) *rounds {
	r := &rounds{
		reads:     make(map[*types.Package][]*calltargets.Callees),
		imports:   make(map[*types.Package][]*types.Package),
		changedAt: make(map[any]int),
		last:      make(map[*types.Package]analysed),
	}
	// A file is shared by a package and its test variant: a call's
	// position gives its file, the file every package compiling it.
	var fset *token.FileSet
	byFile := make(map[*token.File][]*types.Package)
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if p.Types == nil {
			return
		}
		imports := make([]*types.Package, 0, len(p.Imports)) // not nil: known
		for _, imp := range p.Imports {
			imports = append(imports, imp.Types)
		}
		r.imports[p.Types] = imports
		fset = p.Fset
		for _, f := range p.Syntax {
			tf := p.Fset.File(f.FileStart)
			byFile[tf] = append(byFile[tf], p.Types)
		}
	})
	if fset == nil {
		return r
	}
	for pos, c := range targets.Calls() {
		for _, p := range byFile[fset.File(pos)] {
			r.reads[p] = append(r.reads[p], c)
		}
	}
	return r
}

// next starts round n, whose summaries are funcs and lits, those of round
// n-1's results; before, those of round n-2's (both empty at round 1). It
// reports whether any summary changed.
func (r *rounds) next(n int, funcs, before map[*types.Func]*ctxprop.Summary, lits, litsBefore map[token.Pos]*ctxprop.Summary) bool {
	r.round = n
	r.changed = make(map[*types.Package]bool)
	r.dirty = make(map[*types.Package]bool)
	r.since = make(map[*calltargets.Callees]int)
	changed := markChanged(r.changedAt, n-1, funcs, before)
	return markChanged(r.changedAt, n-1, lits, litsBefore) || changed
}

// markChanged records round as the last change of every key whose summary
// differs between now and before.
func markChanged[K comparable](changedAt map[any]int, round int, now, before map[K]*ctxprop.Summary) bool {
	changed := false
	for k, s := range now {
		if t, ok := before[k]; !ok || !s.Equal(t) {
			changedAt[k] = round
			changed = true
		}
	}
	for k := range before {
		if _, ok := now[k]; !ok {
			changedAt[k] = round
			changed = true
		}
	}
	return changed
}

// stale reports whether a summary that package p may consult changed
// after round, when p was last analysed (and read those of round-1).
func (r *rounds) stale(p *types.Package, round int) bool {
	for _, c := range r.reads[p] {
		r.mu.Lock()
		last, ok := r.since[c]
		r.mu.Unlock()
		if !ok {
			last = 0
			for _, fn := range c.Funcs {
				last = max(last, r.changedAt[fn])
			}
			for _, pos := range c.Lits {
				last = max(last, r.changedAt[pos])
			}
			r.mu.Lock()
			r.since[c] = last
			r.mu.Unlock()
		}
		if last >= round {
			return true
		}
	}
	return false
}

// wrap returns an analyzer that replays a's last analysis of a package
// when its inputs did not change since.
func (r *rounds) wrap(a *analysis.Analyzer) *analysis.Analyzer {
	run := a.Run
	w := *a
	w.Run = func(pass *analysis.Pass) (any, error) {
		p := pass.Pkg
		r.mu.Lock()
		imports, known := r.imports[p]
		dirty := !known || slices.ContainsFunc(imports, func(q *types.Package) bool { return r.changed[q] || r.dirty[q] })
		r.dirty[p] = dirty
		last, ok := r.last[p]
		r.mu.Unlock()
		if ok && !r.all && !dirty && !r.stale(p, last.round) {
			return last.apply(pass), nil
		}
		m, err := record(pass, run)
		if err != nil {
			return nil, err
		}
		r.mu.Lock()
		r.changed[p] = !ok || !sameFacts(last.replay, m)
		r.last[p] = analysed{m, r.round}
		r.mu.Unlock()
		return m.result, nil
	}
	return &w
}

// analysedNow is the number of packages the round analysed, not replayed.
func (r *rounds) analysedNow() int {
	n := 0
	for _, a := range r.last {
		if a.round == r.round {
			n++
		}
	}
	return n
}
