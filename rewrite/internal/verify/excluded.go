package verify

import (
	"fmt"
	"go/token"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/ctxlint/ctxlint/rewrite/internal/change"
	"github.com/ctxlint/ctxlint/rewrite/internal/excluded"
	"github.com/ctxlint/ctxlint/rewrite/internal/timing"
	"golang.org/x/tools/go/packages"
)

// blame is an error of an excluded build and the sets shown to cause it.
type blame struct {
	err  excluded.BuildError
	sets []*change.Set
}

// explain bisects the errors of dir's package under the build to the sets
// among rest that cause them, one after another in one round: once the
// sets causing one are out, what the package still fails with (another
// error, or the same one from another set) is next, at the cost of one
// check, not of a round. Not alone, it explains the first error only.
func (pl *execution) explain(b *excluded.Build, dir string, first excluded.BuildError, before []excluded.BuildError, rest []*change.Set, editors map[string][]*change.Set, alone bool) ([]blame, error) {
	var out []blame
	for {
		t := time.Now()
		culprits, err := pl.isolateExcluded(rest, pl.likely(b, first, rest, editors[first.File]), b, dir, first, alone)
		if err != nil {
			return nil, err
		}
		timing.Logf("excluded files: %s under %s: %s: bisected to %d of %d sets in %v", dir, b.Cfg, first.Msg, len(culprits), len(rest), time.Since(t).Round(time.Millisecond))
		if len(culprits) == 0 {
			return out, nil
		}
		pl.remember(b, first, culprits)
		out = append(out, blame{first, culprits})
		rest = slices.DeleteFunc(rest, func(cs *change.Set) bool { return slices.Contains(culprits, cs) })
		if !alone {
			return out, nil
		}
		left, err := pl.excludedErrors(rest, b.Only(dir), dir)
		if err != nil {
			return nil, err
		}
		if left = added(left, before); len(left) == 0 {
			return out, nil
		}
		first = left[0]
	}
}

// likely are the groups of sets isolateExcluded tries first for an error:
// those it was bisected to in a pass before, those it names, those
// editing its file, and the last two together.
func (pl *execution) likely(b *excluded.Build, e excluded.BuildError, sets, editing []*change.Set) [][]*change.Set {
	names := pl.Blames[blameKey(b, e)]
	prior := slices.DeleteFunc(slices.Clone(sets), func(cs *change.Set) bool { return !slices.Contains(names, cs.Name) })
	byName := named(sets, e.Text)
	both := slices.Clone(byName)
	for _, cs := range editing {
		if !slices.Contains(both, cs) {
			both = append(both, cs)
		}
	}
	return [][]*change.Set{prior, byName, editing, both}
}

// remember records, for the passes after, the sets an error was bisected
// to (Config.Blames).
func (pl *execution) remember(b *excluded.Build, e excluded.BuildError, culprits []*change.Set) {
	if pl.Blames == nil {
		return
	}
	key := blameKey(b, e)
	for _, cs := range culprits {
		if !slices.Contains(pl.Blames[key], cs.Name) {
			pl.Blames[key] = append(pl.Blames[key], cs.Name)
		}
	}
}

func blameKey(b *excluded.Build, e excluded.BuildError) string {
	return b.Cfg.String() + ": " + e.Key()
}

// isolateExcluded finds the sets that give the error e in dir's package
// under the build b, as isolate does for the loaded build. It tries the
// likely groups first (the sets blamed for the error before, those it
// names, those editing its file, the last two together): a check of a few
// sets is much cheaper than one of half the program where the failing
// package imports every other (a main). Then the sets that can change
// what that package compiles (those editing a file of its directory, or
// of a package it imports, excluded files included); then every set, for
// a cause the imports do not show (a package the build excludes whole).
// The first group that gives the error is bisected to the smallest part
// without which it goes away, each check loading dir alone (or, not
// alone, every directory of b). It returns none when the error needs a
// set not among sets (one blamed already).
func (pl *execution) isolateExcluded(sets []*change.Set, likely [][]*change.Set, b *excluded.Build, dir string, e excluded.BuildError, alone bool) ([]*change.Set, error) {
	if alone {
		b = b.Only(dir)
	}
	breaks := func(sub []*change.Set) (bool, error) {
		errs, err := pl.excludedErrors(sub, b, dir)
		return slices.ContainsFunc(errs, func(o excluded.BuildError) bool { return o.Key() == e.Key() }), err
	}
	var tried [][]*change.Set
	for _, group := range slices.Concat(likely, [][]*change.Set{pl.excludedSuspects(sets, dir), sets}) {
		group = slices.DeleteFunc(slices.Clone(group), func(cs *change.Set) bool { return !slices.Contains(sets, cs) })
		if len(group) == 0 || slices.ContainsFunc(tried, func(g []*change.Set) bool { return slices.Equal(g, group) }) {
			continue
		}
		tried = append(tried, group)
		if bad, err := breaks(group); err != nil || bad {
			if err != nil {
				return nil, err
			}
			return bisect(group, nil, breaks)
		}
	}
	return nil, nil
}

// excludedErrors applies the sets (applyPart) and returns the errors of
// dir's package under the build.
func (pl *execution) excludedErrors(sets []*change.Set, b *excluded.Build, dir string) ([]excluded.BuildError, error) {
	out, err := pl.applyPart(sets)
	if err != nil {
		return nil, err
	}
	overlay := maps.Clone(pl.Prog.Overlay)
	if overlay == nil {
		overlay = map[string][]byte{}
	}
	maps.Copy(overlay, out)
	errs, _ := b.Check(pl.Prog, pl.Builds, overlay)
	return errs[dir], nil
}

// added returns the errors of es that are not among those the build had
// before the rewrite, told by file and text: the edits move positions.
func added(es, before []excluded.BuildError) []excluded.BuildError {
	return slices.DeleteFunc(slices.Clone(es), func(e excluded.BuildError) bool {
		return slices.ContainsFunc(before, func(o excluded.BuildError) bool { return o.Key() == e.Key() })
	})
}

// excludedSuspects are the sets with an edit, loaded or excluded, in dir
// or in the directory of a package dir's files import, directly or not.
func (pl *execution) excludedSuspects(sets []*change.Set, dir string) []*change.Set {
	loaded := map[string]*packages.Package{}
	for _, pkg := range pl.Prog.Pkgs {
		if old, ok := loaded[pkg.PkgPath]; !ok || len(old.GoFiles) == 0 {
			loaded[pkg.PkgPath] = pkg
		}
	}
	files := map[string][]*excluded.File{} // by the import path of their package
	for _, f := range pl.Excluded.Files {
		if f.PkgPath != "" {
			files[f.PkgPath] = append(files[f.PkgPath], f)
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
			dirs[excluded.PkgDir(pkg)] = true
			for imp := range pkg.Imports {
				visit(imp)
			}
		}
		for _, f := range files[path] {
			dirs[f.Dir] = true
			for imp := range f.Imports {
				visit(imp)
			}
		}
	}
	for _, pkg := range pl.Prog.Pkgs {
		if excluded.PkgDir(pkg) == dir {
			for imp := range pkg.Imports {
				visit(imp)
			}
		}
	}
	for _, f := range pl.Excluded.Files {
		if f.Dir == dir {
			for imp := range f.Imports {
				visit(imp)
			}
		}
	}
	in := func(at token.Pos) bool {
		tf := pl.Prog.Fset.File(at)
		return tf != nil && dirs[filepath.Dir(tf.Name())]
	}
	var out []*change.Set
	for _, cs := range sets {
		if slices.ContainsFunc(cs.Positions(), in) || slices.ContainsFunc(cs.Excluded, func(e change.ExcludedEdit) bool { return dirs[filepath.Dir(e.File)] }) {
			out = append(out, cs)
		}
	}
	return out
}

// namedInError matches the function or method a type error is about.
var namedInError = regexp.MustCompile(`(?:method|call to|undefined:|cannot use) \(?\*?([\w.]+)`)

// named returns the sets that change a function a type error names (a
// call with the wrong arguments, a method an interface no longer gets).
func named(sets []*change.Set, msg string) []*change.Set {
	var out []*change.Set
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

// exFailure is why a set's edit of an excluded file cannot be kept.
type exFailure struct {
	class, reason string
}

// verifyExcluded type-checks, under a build that includes them, the
// packages whose excluded files the sets edit, and those whose excluded
// files sit beside or import a rewritten package (a build for their
// platform compiles the rewritten code with them). It returns, for each
// set shown by bisection to break such a build, why. Errors a build had
// before the rewrite blame no set.
func (pl *execution) verifyExcluded(out map[string][]byte, sets []*change.Set) (map[*change.Set]exFailure, error) {
	x := pl.Excluded
	if x == nil || len(x.Files) == 0 {
		return nil, nil
	}
	changedDir := map[string]bool{}
	for name := range out {
		changedDir[filepath.Dir(name)] = true
	}
	editors := map[string][]*change.Set{} // excluded file → the sets that edit it
	for _, cs := range sets {
		for _, e := range cs.Excluded {
			if !slices.Contains(editors[e.File], cs) {
				editors[e.File] = append(editors[e.File], cs)
			}
		}
	}
	changedPkg := map[string]bool{}
	for dir := range changedDir {
		if path, ok := x.Dirs[dir]; ok {
			changedPkg[path] = true
		}
	}
	bad := map[*change.Set]exFailure{}
	fail := func(css []*change.Set, f *excluded.File, reason string) {
		class := "build-tagged file"
		switch {
		case f == nil:
			// An error in a file the loaded build compiles too (a
			// loop's ctx left unused once the sets below it are out).
			class = "does not compile"
		case f.Outside:
			class = "caller outside the loaded packages"
		}
		for _, cs := range css {
			if _, ok := bad[cs]; !ok {
				bad[cs] = exFailure{class, reason}
			}
		}
	}
	byName := map[string]*excluded.File{}
	builds := map[string]*excluded.Build{} // by configuration
	for _, f := range x.Files {
		byName[f.Name] = f
		// Edited, beside a rewritten file, or importing a rewritten
		// package: a build that includes f compiles f against the rewrite.
		touched := changedDir[f.Dir] || len(editors[f.Name]) > 0
		for imp := range f.Imports {
			touched = touched || changedPkg[imp]
		}
		if !touched || f.Generated && len(editors[f.Name]) == 0 {
			continue
		}
		cfg, ok := excluded.ConfigFor(f.Name, pl.Tags)
		if !ok {
			fail(editors[f.Name], f, fmt.Sprintf("no GOOS, GOARCH and tags ctxlint tries include %s, so its edit cannot be checked", f.Name))
			continue
		}
		b := builds[cfg.String()]
		if b == nil {
			b = &excluded.Build{Cfg: cfg, Dirs: map[string]bool{}, Edited: map[string]bool{}}
			builds[cfg.String()] = b
		}
		b.Dirs[f.Dir] = true
		b.Tests = b.Tests || strings.HasSuffix(f.Name, "_test.go")
		if len(editors[f.Name]) > 0 {
			b.Edited[f.Name] = true
		}
	}
	overlay := maps.Clone(pl.Prog.Overlay)
	if overlay == nil {
		overlay = map[string][]byte{}
	}
	maps.Copy(overlay, out)
	for _, key := range slices.Sorted(maps.Keys(builds)) {
		b := builds[key]
		t := time.Now()
		errs, compiled := b.Check(pl.Prog, pl.Builds, overlay)
		timing.Logf("excluded files: %d packages checked for %s in %v, %d failing", len(b.Dirs), b.Cfg, time.Since(t).Round(time.Millisecond), len(errs))
		for name := range b.Edited {
			if !compiled[name] {
				fail(editors[name], byName[name], fmt.Sprintf("the build for %s does not compile %s (cgo, or another package's file), so its edit cannot be checked", b.Cfg, name))
			}
		}
		if len(errs) == 0 {
			continue
		}
		before, _ := b.Check(pl.Prog, pl.Builds, pl.Prog.Overlay)
		for dir, es := range errs {
			// A build that failed before the rewrite (another platform's
			// broken test) blames the rewrite only for errors it adds.
			if es = added(es, before[dir]); len(es) == 0 {
				delete(errs, dir)
			} else {
				errs[dir] = es
			}
		}
		// Each failing package's errors, bisected to the sets that cause
		// them. When no set can be shown to break a package alone and no
		// other set was refused this round, it is bisected again with the
		// whole build, which found the error; otherwise the next round
		// checks it again without the sets refused.
		var unexplained []string
		for _, alone := range []bool{true, false} {
			dirs := unexplained
			if alone {
				dirs = slices.Sorted(maps.Keys(errs))
			} else if len(bad) > 0 {
				break
			}
			for _, dir := range dirs {
				rest := slices.DeleteFunc(slices.Clone(sets), func(cs *change.Set) bool { _, ok := bad[cs]; return ok })
				blamed, err := pl.explain(b, dir, errs[dir][0], before[dir], rest, editors, alone)
				if err != nil {
					return nil, err
				}
				if len(blamed) == 0 {
					unexplained = append(unexplained, dir)
				}
				for _, bl := range blamed {
					fail(bl.sets, byName[bl.err.File], fmt.Sprintf("with it, the build for %s fails: %s", b.Cfg, bl.err.Msg))
				}
			}
		}
		if len(unexplained) > 0 && len(bad) == 0 {
			first := errs[unexplained[0]][0]
			return nil, fmt.Errorf("internal error: the rewrite breaks the build for %s (%s), and no change set could be shown to cause it", b.Cfg, first.Msg)
		}
	}
	return bad, nil
}
