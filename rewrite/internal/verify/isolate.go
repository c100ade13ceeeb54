package verify

import (
	"fmt"
	"slices"

	"github.com/ctxlint/ctxlint/rewrite/internal/change"
	"github.com/ctxlint/ctxlint/rewrite/internal/check"
	"golang.org/x/tools/go/packages"
)

// maxApplyRetries bounds how often a check leaves out the sets that
// cannot be edited without the ones it left out before.
const maxApplyRetries = 8

// isolate finds the change sets that break the build of pkg with the
// error key: among the sets that can change what pkg's type-check sees
// (those editing it or a package it imports), it bisects to the smallest
// group without which the error goes away. It returns none when the
// error needs a set not among sets (one blamed already). A check applies the sets in
// memory and type-checks pkg alone, so each bad set costs a logarithmic
// number of checks, not a round of the whole program.
func (pl *execution) isolate(sets []*change.Set, pkg *packages.Package, key string) ([]*change.Set, error) {
	suspects := pl.suspects(sets, pkg)
	if len(suspects) == 0 {
		return nil, fmt.Errorf("internal error: %s fails to type-check (%s), but no change set edits it or a package it imports", pkg.PkgPath, key)
	}
	if bad, err := pl.breaks(nil, pkg, key); err != nil || bad {
		if err == nil {
			err = fmt.Errorf("internal error: %s fails to type-check (%s) with none of the change sets applied", pkg.PkgPath, key)
		}
		return nil, err
	}
	breaks := func(sets []*change.Set) (bool, error) { return pl.breaks(sets, pkg, key) }
	if bad, err := breaks(suspects); err != nil || !bad {
		// Without the sets blamed for another package's error, this one
		// is gone too: nothing more to blame here.
		return nil, err
	}
	return bisect(suspects, nil, breaks)
}

// bisect returns the sets among cands that, applied with base, make
// breaks true; with base alone it is false. When neither half of cands
// does it alone, each half holds a part of the cause.
func bisect(cands, base []*change.Set, breaks func([]*change.Set) (bool, error)) ([]*change.Set, error) {
	if len(cands) == 1 {
		return cands, nil
	}
	half := len(cands) / 2
	a, b := cands[:half], cands[half:]
	for _, part := range [][]*change.Set{a, b} {
		bad, err := breaks(slices.Concat(base, part))
		if err != nil {
			return nil, err
		}
		if bad {
			return bisect(part, base, breaks)
		}
	}
	fromA, err := bisect(a, slices.Concat(base, b), breaks)
	if err != nil {
		return nil, err
	}
	fromB, err := bisect(b, slices.Concat(base, fromA), breaks)
	if err != nil {
		return nil, err
	}
	return append(fromA, fromB...), nil
}

// breaks reports whether applying sets gives the error key in pkg.
func (pl *execution) breaks(sets []*change.Set, pkg *packages.Package, key string) (bool, error) {
	out, err := pl.applyPart(sets)
	if err != nil {
		return false, err
	}
	errs, _, err := pl.verify(out, pkg)
	if err != nil {
		return false, err
	}
	return slices.ContainsFunc(errs, func(e typeError) bool { return e.pkg == pkg && check.ErrorKey(e.Error) == key }), nil
}

// applyPart applies some of the sets, for a check: a set that cannot be
// edited without one left out (a sink whose context comes from a set not
// applied) is left out too, as is a loop whose work is all left out.
func (pl *execution) applyPart(sets []*change.Set) (map[string][]byte, error) {
	idle := pl.idleLoops(sets)
	sets = slices.DeleteFunc(slices.Clone(sets), func(cs *change.Set) bool { return slices.Contains(idle, cs) })
	for range maxApplyRetries {
		out, failed, err := pl.applier.Apply(sets)
		if err != nil || len(failed) == 0 {
			return out, err
		}
		sets = slices.DeleteFunc(sets, func(cs *change.Set) bool { return failed[cs] != nil })
	}
	return nil, fmt.Errorf("internal error: the sets of a check kept failing to edit after %d tries", maxApplyRetries)
}

// suspects are the sets that edit a file of pkg or of a package it
// imports, directly or not, in the order given.
func (pl *execution) suspects(sets []*change.Set, pkg *packages.Package) []*change.Set {
	files := map[string]bool{}
	seen := map[*packages.Package]bool{}
	var visit func(*packages.Package)
	visit = func(q *packages.Package) {
		if seen[q] {
			return
		}
		seen[q] = true
		for _, name := range q.CompiledGoFiles {
			files[name] = true
		}
		for _, imp := range q.Imports {
			visit(imp)
		}
	}
	visit(pkg)
	var out []*change.Set
	for _, cs := range sets {
		for _, pos := range cs.Positions() {
			if f := pl.Prog.Fset.File(pos); f != nil && files[f.Name()] {
				out = append(out, cs)
				break
			}
		}
	}
	return out
}
