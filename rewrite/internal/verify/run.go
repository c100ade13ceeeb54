package verify

import (
	"bytes"
	"fmt"
	"go/token"
	"slices"

	"github.com/ctxlint/ctxlint/rewrite/internal/apply"
	"github.com/ctxlint/ctxlint/rewrite/internal/change"
	"github.com/ctxlint/ctxlint/rewrite/internal/check"
	"github.com/ctxlint/ctxlint/rewrite/internal/excluded"
	"github.com/ctxlint/ctxlint/rewrite/internal/source"
	"golang.org/x/tools/go/packages"
)

// maxRounds bounds how often failed sets are dropped and the rest
// applied again.
const maxRounds = 20

// execution is the executor of a plan's sets: the edits, the checks and
// the bisection of what fails. What it learns as it runs is kept here,
// not in the Plan, which stays what Build made.
type execution struct {
	Config
	// applier edits the files; it learns which to decorate whole.
	applier *apply.Applier
	// work maps each loop set to the sets that use its context, once
	// asked (loopwork.go).
	work map[*change.Set][]*change.Set
}

// Config is what Run needs of a plan.
type Config struct {
	Prog *source.Program
	Sets []*change.Set
	// Excluded indexes the files the build excludes, if a set edits or
	// reaches them; Builds loads and checks their builds, once for all
	// of Migrate's passes; Tags are the user's build tags.
	Excluded *excluded.Index
	Builds   excluded.Builds
	Tags     []string
	// Blames remembers, across Migrate's passes, the names of the sets
	// each error of an excluded build was bisected to (see remember); nil
	// remembers nothing.
	Blames map[string][]string
	// Todo is Options.Todo, for the edits.
	Todo bool
}

// An Outcome is what Run kept: the sets applied and the files
// they change, and the sets it refused.
type Outcome struct {
	Files   map[string][]byte // new contents of the changed files
	Old     map[string][]byte // their contents before
	Applied []*change.Set
	Refused []change.Refusal
	Funcs   int // functions, literals and methods that gained a ctx
	// Next is the program as rewritten, type-checked in memory.
	Next []*packages.Package
}

// Run applies the sets in memory: it edits, type-checks, drops the
// sets that fail to edit or break the build (each becomes a refusal that
// says which edit failed and why), and tries the rest again, until what
// remains type-checks. Nothing is written.
func Run(cfg Config) (*Outcome, error) {
	pl := &execution{Config: cfg, applier: apply.New(cfg.Prog, cfg.Todo)}
	res := &Outcome{}
	sets := slices.Clone(pl.Sets)
	refusedAs := map[*change.Set]string{}
	drop := func(cs *change.Set, class, reason string, at token.Pos) {
		sets = slices.DeleteFunc(sets, func(s *change.Set) bool { return s == cs })
		refusedAs[cs] = class
		res.Refused = append(res.Refused, change.Refusal{Class: class, Reason: fmt.Sprintf("%s: %s", cs.Name, reason), Pos: pl.Prog.Fset.Position(at), Paths: cs.Paths})
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
			res.Next = checked.Next(pl.Prog.Roots)
			res.Applied = sets
			res.Files, res.Old = map[string][]byte{}, map[string][]byte{}
			for name, src := range out {
				old, err := pl.Prog.Source(name)
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
			return nil, fmt.Errorf("internal error: the rewrite does not type-check (%s: %s), and no change set could be shown to cause it", shortPos(pl.Prog.Fset.Position(e.Pos)), e.Msg)
		}
		for _, cs := range order {
			e := blamed[cs]
			drop(cs, "does not compile", fmt.Sprintf("with it, %s: %s", shortPos(pl.Prog.Fset.Position(e.Pos)), e.Msg), firstPos(cs))
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
