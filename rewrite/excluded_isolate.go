package rewrite

import (
	"go/token"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/ctxlint/ctxlint/rewrite/internal/change"
	"github.com/ctxlint/ctxlint/rewrite/internal/timing"
	"golang.org/x/tools/go/packages"
)

// key identifies a build error across builds of different sets: its
// file and message, not its position, which the edits move, nor the
// context a call and its callee both gained (a call with too few
// arguments before the rewrite has too few after it).
func (e buildError) key() string {
	return e.file + ": " + ctxInLists.Replace(e.text)
}

// ctxInLists drops a context parameter from the have and want lists of
// an error's message.
var ctxInLists = strings.NewReplacer(
	"(context.Context, ", "(", "(\"context\".Context, ", "(",
	"(context.Context)", "()", "(\"context\".Context)", "()",
)

// blame is an error of an excluded build and the sets shown to cause it.
type blame struct {
	err  buildError
	sets []*change.Set
}

// explain bisects the errors of dir's package under the build to the sets
// among rest that cause them, one after another in one round: once the
// sets causing one are out, what the package still fails with (another
// error, or the same one from another set) is next, at the cost of one
// check, not of a round. Not alone, it explains the first error only.
func (pl *execution) explain(b *excludedBuild, dir string, first buildError, before []buildError, rest []*change.Set, editors map[string][]*change.Set, alone bool) ([]blame, error) {
	var out []blame
	for {
		t := time.Now()
		culprits, err := pl.isolateExcluded(rest, pl.likely(b, first, rest, editors[first.file]), b, dir, first, alone)
		if err != nil {
			return nil, err
		}
		timing.Logf("excluded files: %s under %s: %s: bisected to %d of %d sets in %v", dir, b.cfg, first.msg, len(culprits), len(rest), time.Since(t).Round(time.Millisecond))
		if len(culprits) == 0 {
			return out, nil
		}
		pl.remember(b, first, culprits)
		out = append(out, blame{first, culprits})
		rest = slices.DeleteFunc(rest, func(cs *change.Set) bool { return slices.Contains(culprits, cs) })
		if !alone {
			return out, nil
		}
		left, err := pl.excludedErrors(rest, b.only(dir), dir)
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
func (pl *execution) likely(b *excludedBuild, e buildError, sets, editing []*change.Set) [][]*change.Set {
	names := pl.opts.blames[blameKey(b, e)]
	prior := slices.DeleteFunc(slices.Clone(sets), func(cs *change.Set) bool { return !slices.Contains(names, cs.Name) })
	byName := named(sets, e.text)
	both := slices.Clone(byName)
	for _, cs := range editing {
		if !slices.Contains(both, cs) {
			both = append(both, cs)
		}
	}
	return [][]*change.Set{prior, byName, editing, both}
}

// remember records, for the passes after, the sets an error was bisected
// to (Options.blames).
func (pl *execution) remember(b *excludedBuild, e buildError, culprits []*change.Set) {
	if pl.opts.blames == nil {
		return
	}
	key := blameKey(b, e)
	for _, cs := range culprits {
		if !slices.Contains(pl.opts.blames[key], cs.Name) {
			pl.opts.blames[key] = append(pl.opts.blames[key], cs.Name)
		}
	}
}

func blameKey(b *excludedBuild, e buildError) string {
	return b.cfg.String() + ": " + e.key()
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
func (pl *execution) isolateExcluded(sets []*change.Set, likely [][]*change.Set, b *excludedBuild, dir string, e buildError, alone bool) ([]*change.Set, error) {
	if alone {
		b = b.only(dir)
	}
	breaks := func(sub []*change.Set) (bool, error) {
		errs, err := pl.excludedErrors(sub, b, dir)
		return slices.ContainsFunc(errs, func(o buildError) bool { return o.key() == e.key() }), err
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

// only is the build b of dir alone.
func (b *excludedBuild) only(dir string) *excludedBuild {
	return &excludedBuild{cfg: b.cfg, dirs: map[string]bool{dir: true}, tests: b.tests}
}

// excludedErrors applies the sets (applyPart) and returns the errors of
// dir's package under the build.
func (pl *execution) excludedErrors(sets []*change.Set, b *excludedBuild, dir string) ([]buildError, error) {
	out, err := pl.applyPart(sets)
	if err != nil {
		return nil, err
	}
	overlay := maps.Clone(pl.prog.Overlay)
	if overlay == nil {
		overlay = map[string][]byte{}
	}
	maps.Copy(overlay, out)
	errs, _ := b.check(pl.prog, pl.builds, overlay)
	return errs[dir], nil
}

// added returns the errors of es that are not among those the build had
// before the rewrite, told by file and text: the edits move positions.
func added(es, before []buildError) []buildError {
	return slices.DeleteFunc(slices.Clone(es), func(e buildError) bool {
		return slices.ContainsFunc(before, func(o buildError) bool { return o.key() == e.key() })
	})
}

// excludedSuspects are the sets with an edit, loaded or excluded, in dir
// or in the directory of a package dir's files import, directly or not.
func (pl *execution) excludedSuspects(sets []*change.Set, dir string) []*change.Set {
	loaded := map[string]*packages.Package{}
	for _, pkg := range pl.prog.Pkgs {
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
	for _, pkg := range pl.prog.Pkgs {
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
		tf := pl.prog.Fset.File(at)
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
