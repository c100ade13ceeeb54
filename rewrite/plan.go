package rewrite

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"time"

	"golang.org/x/tools/go/packages"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
	"github.com/ctxlint/ctxlint/rewrite/internal/apply"
	"github.com/ctxlint/ctxlint/rewrite/internal/change"
	"github.com/ctxlint/ctxlint/rewrite/internal/excluded"
	"github.com/ctxlint/ctxlint/rewrite/internal/plan"
	"github.com/ctxlint/ctxlint/rewrite/internal/source"
	"github.com/ctxlint/ctxlint/rewrite/internal/verify"
)

// Options changes what the plan may do.
type Options struct {
	// Todo threads ctx below loops whose ticks carry no deadline, passing
	// context.TODO() at the loop.
	Todo bool
	// Timeout, when positive, bounds each iteration of a monitored loop
	// that receives no health tick (a periodic loop of an agent without a
	// health runtime): the iteration derives its context with
	// context.WithTimeout. //ctxlint:monitored timeout=EXPR overrides it
	// for one loop.
	Timeout time.Duration
	// Compat keeps each exported function that gains ctx under its old
	// signature, as a deprecated wrapper (//go:fix inline) of its new
	// form FContext, for callers outside the loaded packages.
	Compat bool
	// Overlay holds the files rewritten by an earlier pass, as analysed.
	Overlay map[string][]byte
	// Reaches, when set, returns the summaries of what a call may run,
	// from the whole-program run that found the paths. The plan then also
	// covers the other calls of the functions on each path that reach a
	// blocking call without a context: ctxprop reports one path per
	// blocking call, and the next run would report those.
	Reaches func(pkg *types.Package, info *types.Info, call *ast.CallExpr) []*ctxprop.Summary
	// Progress, when set, is told what a long run is doing.
	Progress func(msg string)
	// Tags are the build tags the packages were loaded with: the files
	// they exclude are told from those of other platforms with them, and
	// checked with them (package excluded).
	Tags []string
	// blames remembers, across Migrate's passes, the names of the sets
	// each error of an excluded build was bisected to: the sets a pass
	// refused are planned again in the next, and their error is first
	// checked against them.
	blames map[string][]string
	// builds keeps, across the passes, the builds loaded to type and
	// check excluded files (excluded.Builds).
	builds excluded.Builds
}

// A ChangeSet is a connected group of edits, applied whole or not at all
// (see package change, where the stages share it).
type ChangeSet = change.Set

// A Refusal is a change ctxlint will not make, and why.
type Refusal = change.Refusal

// A Loop is a monitored loop that derives its context from its tick, or
// bounds each iteration by a timeout (ChangeSet.Loop).
type Loop = change.Loop

// An ExcludedEdit is an edit of a file the build excludes
// (ChangeSet.Excluded).
type ExcludedEdit = change.ExcludedEdit

// Plan is the whole change, decided before any file is touched.
type Plan struct {
	Sets     []*change.Set
	Refusals []change.Refusal
	Found    int // paths expand added to those reported
	prog     *source.Program
	opts     Options
	// excluded indexes the files the build excludes, once a set needed it.
	excluded *excluded.Index
	// builds are the builds that include excluded files, loaded once
	// for Migrate's passes (Options.builds).
	builds excluded.Builds
}

// Build plans the change for the paths ctxprop reported over pkgs (loaded
// together, with syntax and types): stuck must come from a whole-program
// run over the same packages, so that every caller and implementation is
// known.
func Build(pkgs []*packages.Package, stuck []ctxprop.Stuck, opts Options) *Plan {
	p := source.New(pkgs, opts.Overlay)
	builds := opts.builds
	if builds == nil {
		builds = excluded.Builds{}
	}
	planned := plan.Build(p, stuck, plan.Options{
		Todo:    opts.Todo,
		Timeout: opts.Timeout,
		Compat:  opts.Compat,
		Reaches: opts.Reaches,
		Tags:    opts.Tags,
		Builds:  builds,
	})
	return &Plan{
		Sets:     planned.Sets,
		Refusals: planned.Refusals,
		Found:    planned.Found,
		prog:     p,
		opts:     opts,
		excluded: planned.Excluded,
		builds:   builds,
	}
}

// Dump prints the plan, for debugging (CTXLINT_DEBUG=plan).
func (pl *Plan) Dump() string {
	var b strings.Builder
	pos := func(l []token.Pos) string {
		var s []string
		for _, p := range l {
			at := pl.prog.Fset.Position(p)
			s = append(s, fmt.Sprintf("%s:%d:%d", at.Filename, at.Line, at.Column))
		}
		return strings.Join(s, " ")
	}
	for _, cs := range pl.Sets {
		fmt.Fprintf(&b, "set %s\n  params: %s\n  calls: %s\n  empty: %s\n  sinks: %s\n", cs.Name, pos(cs.AddParam), pos(cs.PassCtx), pos(cs.Empty), pos(cs.Sinks))
		if cs.Loop != nil {
			fmt.Fprintf(&b, "  loop: %s\n", pos([]token.Pos{cs.Loop.Recv}))
		}
		for _, e := range cs.Excluded {
			fmt.Fprintf(&b, "  excluded: %s@%d decl=%v\n", e.File, e.Offset, e.Decl)
		}
	}
	for _, r := range pl.Refusals {
		fmt.Fprintf(&b, "refused %s\n", r)
	}
	return b.String()
}

// Execute applies the plan in memory: it edits, type-checks, drops the
// sets that fail to edit or break the build (each becomes a refusal that
// says which edit failed and why), and tries the rest again, until what
// remains type-checks. Nothing is written.
func (pl *Plan) Execute() (*Result, error) {
	out, err := verify.Run(verify.Config{
		Prog:     pl.prog,
		Sets:     pl.Sets,
		Excluded: pl.excluded,
		Builds:   pl.builds,
		Tags:     pl.opts.Tags,
		Blames:   pl.opts.blames,
		Todo:     pl.opts.Todo,
	})
	if err != nil {
		return nil, err
	}
	return &Result{
		Files:    out.Files,
		Old:      out.Old,
		Applied:  out.Applied,
		Refusals: append(slices.Clone(pl.Refusals), out.Refused...),
		Planned:  len(pl.Sets),
		Funcs:    out.Funcs,
		next:     out.Next,
	}, nil
}

// Apply edits the files for the change sets and returns their new
// contents, by file name. A set that cannot be applied as planned is
// reported in failed and left out whole.
func (pl *Plan) Apply(sets []*change.Set) (out map[string][]byte, failed map[*change.Set]error, err error) {
	return apply.New(pl.prog, pl.opts.Todo).Apply(sets)
}
