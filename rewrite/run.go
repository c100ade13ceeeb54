package rewrite

import (
	"bytes"
	"fmt"
	"go/token"
	"slices"

	"github.com/ctxlint/ctxlint/rewrite/internal/apply"
	"github.com/ctxlint/ctxlint/rewrite/internal/change"
	"github.com/ctxlint/ctxlint/rewrite/internal/check"
	"golang.org/x/tools/go/packages"
)

// Result is what a run changes.
type Result struct {
	Files    map[string][]byte // new contents of the changed files
	Old      map[string][]byte // their contents before
	Applied  []*change.Set
	Refusals []change.Refusal
	Planned  int // change sets planned: applied or refused (Migrate: once each, over its passes)
	Funcs    int // functions, literals and methods that gained a ctx
	// Passes is how many times Migrate loaded and analysed the program:
	// one that changes what the reports ask, one that finds nothing left.
	Passes int
	// Unsettled is set when the last pass Migrate may run still changed
	// files: a next run would find more to change.
	Unsettled bool
	// next is the program as rewritten, type-checked in memory: what the
	// next pass of Migrate analyses.
	next []*packages.Package
}

// maxRounds bounds how often failed sets are dropped and the rest
// applied again.
const maxRounds = 20

// Execute applies the plan in memory: it edits, type-checks, drops the
// sets that fail to edit or break the build (each becomes a refusal that
// says which edit failed and why), and tries the rest again, until what
// remains type-checks. Nothing is written.
func (pl *Plan) Execute() (*Result, error) {
	return pl.execution().execute()
}

// execution is the executor of a plan: Apply, Execute, the checks and
// the bisection of what fails. What it learns as it runs is kept here,
// not in the Plan, which stays what Build made.
type execution struct {
	*Plan
	// applier edits the files; it learns which to decorate whole.
	applier *apply.Applier
	// work maps each loop set to the sets that use its context, once
	// asked (loopwork.go).
	work map[*change.Set][]*change.Set
}

func (pl *Plan) execution() *execution {
	return &execution{Plan: pl, applier: apply.New(pl.prog, pl.opts.Todo)}
}

func (pl *execution) execute() (*Result, error) {
	res := &Result{Refusals: slices.Clone(pl.Refusals), Planned: len(pl.Sets)}
	sets := slices.Clone(pl.Sets)
	refusedAs := map[*change.Set]string{}
	drop := func(cs *change.Set, class, reason string, at token.Pos) {
		sets = slices.DeleteFunc(sets, func(s *change.Set) bool { return s == cs })
		refusedAs[cs] = class
		res.Refusals = append(res.Refusals, change.Refusal{Class: class, Reason: fmt.Sprintf("%s: %s", cs.Name, reason), Pos: pl.prog.Fset.Position(at), Paths: cs.Paths})
	}
	for round := 0; ; round++ {
		if round == maxRounds {
			return nil, fmt.Errorf("the plan did not settle in %d rounds", maxRounds)
		}
		for _, l := range pl.idleLoops(sets) {
			drop(l, "nothing below", pl.idleReason(l, refusedAs), l.Loop.Recv)
		}
		if len(sets) == 0 {
			res.Files, res.Old = map[string][]byte{}, map[string][]byte{}
			return res, nil
		}
		out, failed, err := pl.applier.Apply(sets)
		if err != nil {
			return nil, err
		}
		if len(failed) > 0 {
			for _, cs := range slices.Clone(sets) {
				if err := failed[cs]; err != nil {
					drop(cs, "cannot edit", err.Error(), firstPos(cs))
				}
			}
			continue
		}
		errs, checked, err := pl.verify(out, nil)
		if err != nil {
			return nil, err
		}
		if len(errs) == 0 {
			// The files the build excludes, under a build that has them.
			bad, err := pl.verifyExcluded(out, sets)
			if err != nil {
				return nil, err
			}
			if len(bad) > 0 {
				for _, cs := range slices.Clone(sets) {
					if f, ok := bad[cs]; ok {
						drop(cs, f.class, f.reason, firstPos(cs))
					}
				}
				continue
			}
		}
		if len(errs) == 0 {
			res.next = checked.Next(pl.prog.Roots)
			res.Applied = sets
			res.Files, res.Old = map[string][]byte{}, map[string][]byte{}
			for name, src := range out {
				old, err := pl.prog.Source(name)
				if err != nil {
					return nil, err
				}
				if !bytes.Equal(old, src) {
					res.Files[name], res.Old[name] = src, old
				}
			}
			for _, cs := range sets {
				res.Funcs += len(cs.AddParam)
			}
			return res, nil
		}
		// Each failing package, once: its first error is bisected to
		// the sets that cause it, which are refused quoting it.
		blamed := map[*change.Set]typeError{}
		var order []*change.Set
		seen := map[*packages.Package]bool{}
		for _, e := range errs {
			if seen[e.pkg] {
				continue
			}
			seen[e.pkg] = true
			rest := slices.DeleteFunc(slices.Clone(sets), func(cs *change.Set) bool { _, ok := blamed[cs]; return ok })
			culprits, err := pl.isolate(rest, e.pkg, check.ErrorKey(e.Error))
			if err != nil {
				return nil, err
			}
			for _, cs := range culprits {
				if _, ok := blamed[cs]; !ok {
					blamed[cs] = e
					order = append(order, cs)
				}
			}
		}
		if len(order) == 0 {
			e := errs[0]
			return nil, fmt.Errorf("internal error: the rewrite does not type-check (%s: %s), and no change set could be shown to cause it", shortPos(pl.prog.Fset.Position(e.Pos)), e.Msg)
		}
		for _, cs := range order {
			e := blamed[cs]
			drop(cs, "does not compile", fmt.Sprintf("with it, %s: %s", shortPos(pl.prog.Fset.Position(e.Pos)), e.Msg), firstPos(cs))
		}
	}
}

func firstPos(cs *change.Set) token.Pos {
	if ps := cs.Positions(); len(ps) > 0 {
		return ps[0]
	}
	return token.NoPos
}

func shortPos(p token.Position) string {
	return fmt.Sprintf("%s:%d:%d", p.Filename, p.Line, p.Column)
}

// Apply edits the files for the change sets and returns their new
// contents, by file name. A set that cannot be applied as planned is
// reported in failed and left out whole.
func (pl *Plan) Apply(sets []*change.Set) (out map[string][]byte, failed map[*change.Set]error, err error) {
	return apply.New(pl.prog, pl.opts.Todo).Apply(sets)
}
