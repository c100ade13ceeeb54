package plan

import (
	"go/ast"
	"go/types"
	"slices"
	"time"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
	"github.com/ctxlint/ctxlint/rewrite/internal/change"
	"github.com/ctxlint/ctxlint/rewrite/internal/excluded"
	"github.com/ctxlint/ctxlint/rewrite/internal/source"
)

// Options changes what the plan may do (see rewrite.Options).
type Options struct {
	Todo    bool
	Timeout time.Duration
	Compat  bool
	Reaches func(pkg *types.Package, info *types.Info, call *ast.CallExpr) []*ctxprop.Summary
	// Tags are the build tags the packages were loaded with.
	Tags []string
	// Builds are the builds that type excluded files, kept across passes.
	Builds excluded.Builds
}

// A Plan is the change sets and refusals planned for the paths, in the
// order they were found.
type Plan struct {
	Sets     []*change.Set
	Refusals []change.Refusal
	Found    int // paths expand added to those reported
	// Excluded indexes the files the build excludes, once a set needed
	// it (nil if none did).
	Excluded *excluded.Index
}

// maxPaths bounds the paths one plan follows, reported and found by
// expand; past it, the next pass of Migrate finds the rest. expand finds
// each call and reach once, so the bound only guards memory: the
// 2,000-package bench module needs about 365,000.
const maxPaths = 2000000

// Build plans the change for the paths ctxprop reported over the
// program.
func Build(prog *source.Program, stuck []ctxprop.Stuck, opts Options) *Plan {
	b := newBuilder(prog, opts)
	queue := slices.Clone(stuck)
	for i := 0; i < len(queue); i++ {
		kept := b.path(queue[i])
		if opts.Reaches != nil && kept > 0 && len(queue) < maxPaths {
			queue = append(queue, b.expand(queue[i], kept)...)
		}
	}
	pl := &Plan{Found: len(queue) - len(stuck)}
	b.thread()
	pl.Excluded = b.excluded
	for _, key := range b.order {
		if cs := b.sets[key]; cs != nil && (!b.onPath[key] || b.use[key] > 0) {
			pl.Sets = append(pl.Sets, cs)
		}
	}
	pl.Sets = change.Merge(pl.Sets)
	for _, key := range b.refusedOrder {
		pl.Refusals = append(pl.Refusals, *b.refused[key])
	}
	return pl
}
