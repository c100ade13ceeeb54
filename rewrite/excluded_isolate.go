package rewrite

import (
	"fmt"
	"go/token"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
)

// key identifies a build error across builds of different sets: its
// file and message, not its position, which the edits move.
func (e buildError) key() string {
	return e.file + ": " + e.text
}

// isolateExcluded finds the sets that give the error e in dir's package
// under the build b, as isolate does for the loaded build: among the sets
// that can change what that package compiles (those editing a file of
// its directory, or of a package it imports, excluded files included), it
// bisects to the smallest group without which the error goes away, each
// check loading dir alone (or, not alone, every directory of b). The
// likely groups (the sets blamed for the error before, those it names,
// those editing its file, the last two together) are tried first, in
// that order: a check of a
// few sets is much cheaper than one of half the program, where a package
// that imports every other (a main) is failing. It returns none when the
// error needs a set not among sets (one blamed already).
func (pl *Plan) isolateExcluded(sets []*ChangeSet, likely [][]*ChangeSet, b *excludedBuild, dir string, e buildError, alone bool) ([]*ChangeSet, error) {
	one := b
	if alone {
		one = alone1(b, dir)
	}
	breaks := func(sub []*ChangeSet) (bool, error) {
		errs, err := pl.excludedErrors(sub, one, dir)
		return slices.ContainsFunc(errs, func(o buildError) bool { return o.key() == e.key() }), err
	}
	suspects := pl.excludedSuspects(sets, dir)
	var tried [][]*ChangeSet
	for _, group := range likely {
		group = slices.DeleteFunc(slices.Clone(group), func(cs *ChangeSet) bool { return !slices.Contains(sets, cs) })
		if len(group) == 0 || len(suspects) > 0 && len(group) >= len(suspects) || slices.ContainsFunc(tried, func(g []*ChangeSet) bool { return slices.Equal(g, group) }) {
			continue
		}
		tried = append(tried, group)
		bad, err := breaks(group)
		if err != nil {
			return nil, err
		}
		if bad {
			return bisect(group, nil, breaks)
		}
	}
	if len(suspects) > 0 {
		bad, err := breaks(suspects)
		if err != nil {
			return nil, err
		}
		if bad {
			return bisect(suspects, nil, breaks)
		}
	}
	if len(suspects) == len(sets) {
		return nil, nil
	}
	// Caused through what the imports do not show (a package the build
	// excludes whole, reached another way): every set is a suspect.
	if bad, err := breaks(sets); err != nil || !bad {
		return nil, err
	}
	return bisect(sets, nil, breaks)
}

// alone1 is the build b of dir alone.
func alone1(b *excludedBuild, dir string) *excludedBuild {
	return &excludedBuild{cfg: b.cfg, dirs: map[string]bool{dir: true}, tests: b.tests}
}

// excludedErrors applies the sets and returns the errors of dir's package
// under the build. A set that cannot be edited without one left out is
// left out too.
func (pl *Plan) excludedErrors(sets []*ChangeSet, b *excludedBuild, dir string) ([]buildError, error) {
	sets = slices.Clone(sets)
	for range maxApplyRetries {
		out, failed, err := pl.Apply(sets)
		if err != nil {
			return nil, err
		}
		if len(failed) > 0 {
			sets = slices.DeleteFunc(sets, func(cs *ChangeSet) bool { return failed[cs] != nil })
			continue
		}
		overlay := maps.Clone(pl.prog.overlay)
		if overlay == nil {
			overlay = map[string][]byte{}
		}
		maps.Copy(overlay, out)
		errs, _ := b.check(pl.prog, overlay)
		return errs[dir], nil
	}
	return nil, fmt.Errorf("internal error: the sets checked for %s under %s kept failing to edit after %d tries", dir, b.cfg, maxApplyRetries)
}

// excludedSuspects are the sets with an edit, loaded or excluded, in dir
// or in the directory of a package dir's files import, directly or not.
func (pl *Plan) excludedSuspects(sets []*ChangeSet, dir string) []*ChangeSet {
	loaded := map[string]*packages.Package{}
	for _, pkg := range pl.prog.pkgs {
		if old, ok := loaded[pkg.PkgPath]; !ok || len(old.GoFiles) == 0 {
			loaded[pkg.PkgPath] = pkg
		}
	}
	files := map[string][]*excludedFile{} // by the import path of their package
	for _, f := range pl.excluded.files {
		if f.pkgPath != "" {
			files[f.pkgPath] = append(files[f.pkgPath], f)
		}
	}
	dirs := map[string]bool{dir: true}
	seen := map[string]bool{}
	var visit func(path string)
	visit = func(path string) {
		if seen[path] {
			return
		}
		seen[path] = true
		if pkg := loaded[path]; pkg != nil {
			dirs[pkgDir(pkg)] = true
			for imp := range pkg.Imports {
				visit(imp)
			}
		}
		for _, f := range files[path] {
			dirs[f.dir] = true
			for imp := range f.imports {
				visit(imp)
			}
		}
	}
	for _, pkg := range pl.prog.pkgs {
		if pkgDir(pkg) == dir {
			for imp := range pkg.Imports {
				visit(imp)
			}
		}
	}
	for _, f := range pl.excluded.files {
		if f.dir == dir {
			for imp := range f.imports {
				visit(imp)
			}
		}
	}
	in := func(at token.Pos) bool {
		tf := pl.prog.fset.File(at)
		return tf != nil && dirs[filepath.Dir(tf.Name())]
	}
	var out []*ChangeSet
	for _, cs := range sets {
		if slices.ContainsFunc(setPositions(cs), in) || slices.ContainsFunc(cs.Excluded, func(e ExcludedEdit) bool { return dirs[filepath.Dir(e.File)] }) {
			out = append(out, cs)
		}
	}
	return out
}

// namedInError matches the function or method a type error is about.
var namedInError = regexp.MustCompile(`(?:method|call to|undefined:|cannot use) \(?\*?([\w.]+)`)

// named returns the sets that change a function a type error names (a
// call with the wrong arguments, a method an interface no longer gets).
func named(sets []*ChangeSet, msg string) []*ChangeSet {
	var out []*ChangeSet
	for _, m := range namedInError.FindAllStringSubmatch(msg, -1) {
		id := m[1][strings.LastIndex(m[1], ".")+1:]
		for _, cs := range sets {
			for name := range strings.SplitSeq(cs.Name, ", ") {
				if strings.HasSuffix(name, "."+id) && !slices.Contains(out, cs) {
					out = append(out, cs)
				}
			}
		}
	}
	return out
}
