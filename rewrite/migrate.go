package rewrite

import (
	"fmt"
	"maps"
	"os"
	"runtime/debug"
	"slices"
	"time"

	"golang.org/x/tools/go/packages"

	"github.com/ctxlint/ctxlint/internal/wholeprog"
	"github.com/ctxlint/ctxlint/rewrite/internal/change"
	"github.com/ctxlint/ctxlint/rewrite/internal/excluded"
	"github.com/ctxlint/ctxlint/rewrite/internal/timing"
)

// A Loader loads the packages to migrate, with their dependencies and the
// syntax and type information of all.
type Loader func() ([]*packages.Package, error)

// maxPasses bounds the passes of Migrate. ctxprop reports one path per
// blocking call; a pass that threads ctx along it can reveal another path
// to the same call, which the next pass fixes.
const maxPasses = 5

// Migrate is the whole migration, in memory: load, find the stuck paths
// over the packages as one program, plan, apply and verify; then again on
// the result as verify type-checked it, until a pass changes nothing, so
// that a second run has nothing to do. The Result holds every file changed
// and the refusals of the last pass.
func Migrate(load Loader, opts Options) (_ *Result, err error) {
	var stage string
	defer func() {
		// A bug of ctxlint must not lose the user's code, nor be a bare
		// stack: say what was being done; the caller writes nothing.
		if r := recover(); r != nil {
			err = &InternalError{Stage: stage, Value: r, Stack: debug.Stack()}
		}
	}()
	total := &Result{Files: map[string][]byte{}, Old: map[string][]byte{}}
	overlay := map[string][]byte{}
	var next []*packages.Package
	var prev *wholeprog.Analysis // the pass before's call graph, for the next
	replays := wholeprog.NewReplays()
	blames, builds := map[string][]string{}, excluded.Builds{}
	for pass := 1; pass <= maxPasses; pass++ {
		t := time.Now()
		pkgs := next
		stage = fmt.Sprintf("loading the packages (pass %d)", pass)
		if pass == 1 {
			var err error
			if pkgs, err = load(); err != nil {
				return nil, err
			}
		} else if opts.Progress != nil {
			opts.Progress("checking the rewritten packages for more paths")
		}
		loaded := time.Since(t)
		t = time.Now()
		stage = fmt.Sprintf("analysing the program (pass %d)", pass)
		an, err := wholeprog.AnalyzeProgram(pkgs, wholeprog.Options{Replays: replays, Quiet: true, PerCall: true, Previous: prev})
		if err != nil {
			return nil, err
		}
		prev = nil
		stuck, err := wholeprog.Stuck(an.Graph)
		if err != nil {
			return nil, err
		}
		analyzed := time.Since(t)
		if len(stuck) == 0 {
			// Nothing to plan: the flow graph of the program alone was
			// a second of a large pass.
			timing.Logf("pass %d: load %v, analysis %v; no paths", pass, loaded.Round(time.Millisecond), analyzed.Round(time.Millisecond))
			total.Passes, total.Refusals = pass, nil
			break
		}
		t = time.Now()
		// A copy per pass: the next pass must not keep this one's analysis
		// (and through it the program before the rewrite) alive.
		o := opts
		o.Overlay, o.Reaches, o.blames, o.builds = overlay, an.Reaches, blames, builds
		stage = fmt.Sprintf("planning %d paths (pass %d)", len(stuck), pass)
		plan := Build(pkgs, stuck, o)
		if os.Getenv("CTXLINT_DEBUG") == "paths" {
			for _, s := range stuck {
				fmt.Fprintf(os.Stderr, "pass %d: %s: %s: %v\n", pass, s.Component, s.Reach.SinkText(), s.Reach.Path())
			}
		}
		if os.Getenv("CTXLINT_DEBUG") == "plan" {
			fmt.Fprintf(os.Stderr, "pass %d:\n%s", pass, plan.Dump())
		}
		planned := time.Since(t)
		t = time.Now()
		stage = fmt.Sprintf("applying and type-checking %d change sets (pass %d)", len(plan.Sets), pass)
		res, err := plan.Execute()
		if err != nil {
			return nil, err
		}
		timing.Logf("pass %d: load %v, analysis %v, plan %v, apply and type-check %v; %d paths (and %d found by expand), %d sets, %d applied, %d files changed",
			pass, loaded.Round(time.Millisecond), analyzed.Round(time.Millisecond), planned.Round(time.Millisecond), time.Since(t).Round(time.Millisecond),
			len(stuck), plan.Found, len(plan.Sets), len(res.Applied), len(res.Files))
		total.Passes = pass
		total.addApplied(res.Applied)
		total.Funcs += res.Funcs
		total.Refusals = res.Refusals
		for name, src := range res.Files {
			if _, ok := total.Old[name]; !ok {
				total.Old[name] = res.Old[name]
			}
			total.Files[name] = src
		}
		if len(res.Files) == 0 {
			break
		}
		total.Unsettled = pass == maxPasses
		maps.Copy(overlay, res.Files)
		next, prev = res.next, an.Carried()
	}
	// A set refused in one pass is planned again in the next: count each
	// once, as applied or as refused in the end.
	total.Planned = len(total.Applied) + len(total.Refusals)
	return total, nil
}

// addApplied counts the sets a pass applied, each once over the passes:
// a set a later pass plans again (its sink already bounded by the context
// an earlier pass threaded, its functions already taking one) changes
// nothing there, and counting it again would inflate both the applied and
// the planned.
func (r *Result) addApplied(sets []*change.Set) {
	for _, cs := range sets {
		if !slices.ContainsFunc(r.Applied, func(a *change.Set) bool { return a.Name == cs.Name }) {
			r.Applied = append(r.Applied, cs)
		}
	}
}

// An InternalError is a panic of the migration: a bug of ctxlint. Nothing
// was written.
type InternalError struct {
	Stage string // what Migrate was doing
	Value any    // what panicked
	Stack []byte
}

func (e *InternalError) Error() string {
	return fmt.Sprintf("internal error while %s: %v (nothing was written; please report this with the stack trace)\n%s", e.Stage, e.Value, e.Stack)
}
