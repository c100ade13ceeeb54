package rewrite

import (
	"fmt"
	"go/build"
	"go/build/constraint"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/ctxlint/ctxlint/rewrite/internal/change"
	"github.com/ctxlint/ctxlint/rewrite/internal/source"
	"github.com/ctxlint/ctxlint/rewrite/internal/timing"
	"golang.org/x/tools/go/packages"
)

// platforms are the GOOS/GOARCH pairs tried, in order, for a build that
// includes a file the current one excludes.
var platforms = [][2]string{
	{"linux", "amd64"}, {"windows", "amd64"}, {"darwin", "arm64"}, {"darwin", "amd64"},
	{"linux", "arm64"}, {"windows", "arm64"}, {"freebsd", "amd64"}, {"linux", "386"},
	{"windows", "386"}, {"linux", "arm"}, {"openbsd", "amd64"}, {"netbsd", "amd64"},
	{"dragonfly", "amd64"}, {"solaris", "amd64"}, {"illumos", "amd64"}, {"aix", "ppc64"},
	{"android", "arm64"}, {"ios", "arm64"}, {"plan9", "amd64"}, {"linux", "ppc64le"},
	{"linux", "s390x"}, {"linux", "riscv64"}, {"linux", "mips64"}, {"js", "wasm"}, {"wasip1", "wasm"},
}

// buildConfig is a build that includes a file: its platform and tags.
type buildConfig struct {
	goos, goarch string
	tags         []string
}

func (c buildConfig) String() string {
	s := "GOOS=" + c.goos + " GOARCH=" + c.goarch
	if len(c.tags) > 0 {
		s += " -tags=" + strings.Join(c.tags, ",")
	}
	return s
}

// configFor finds a build that includes the file: the first platform that
// does, with the user's tags, with those and every tag its constraint
// names, with the latter alone (a constraint may negate a user's tag), or
// with none.
func configFor(name string, userTags []string) (buildConfig, bool) {
	src, err := os.ReadFile(name)
	if err != nil {
		return buildConfig{}, false
	}
	var tags []string // the file's own
	known := map[string]bool{"cgo": true, "gc": true, "gccgo": true, "unix": true}
	for _, p := range platforms {
		known[p[0]], known[p[1]] = true, true
	}
	for _, line := range strings.Split(string(src), "\n") {
		if strings.HasPrefix(line, "package ") {
			break // constraints stand above the package clause
		}
		// A "// +build" line alone constrains code older than Go 1.17.
		if !constraint.IsGoBuild(line) && !constraint.IsPlusBuild(line) {
			continue
		}
		expr, err := constraint.Parse(line)
		if err != nil {
			continue
		}
		expr.Eval(func(tag string) bool {
			if !known[tag] && !strings.HasPrefix(tag, "go1.") && !slices.Contains(tags, tag) {
				tags = append(tags, tag)
			}
			return false
		})
	}
	slices.Sort(tags)
	both := slices.Compact(slices.Sorted(slices.Values(append(slices.Clone(userTags), tags...))))
	dir, base := filepath.Split(name)
	for _, ts := range [][]string{userTags, both, tags, nil} {
		for _, p := range platforms {
			ctx := build.Default
			ctx.GOOS, ctx.GOARCH, ctx.BuildTags, ctx.CgoEnabled = p[0], p[1], ts, false
			if ok, err := ctx.MatchFile(dir, base); err == nil && ok {
				return buildConfig{goos: p[0], goarch: p[1], tags: ts}, true
			}
		}
	}
	return buildConfig{}, false
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
	x := pl.excluded
	if x == nil || len(x.files) == 0 {
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
		if path, ok := x.dirs[dir]; ok {
			changedPkg[path] = true
		}
	}
	bad := map[*change.Set]exFailure{}
	fail := func(css []*change.Set, f *excludedFile, reason string) {
		class := "build-tagged file"
		switch {
		case f == nil:
			// An error in a file the loaded build compiles too (a
			// loop's ctx left unused once the sets below it are out).
			class = "does not compile"
		case f.outside:
			class = "caller outside the loaded packages"
		}
		for _, cs := range css {
			if _, ok := bad[cs]; !ok {
				bad[cs] = exFailure{class, reason}
			}
		}
	}
	byName := map[string]*excludedFile{}
	builds := map[string]*excludedBuild{} // by configuration
	for _, f := range x.files {
		byName[f.name] = f
		// Edited, beside a rewritten file, or importing a rewritten
		// package: a build that includes f compiles f against the rewrite.
		touched := changedDir[f.dir] || len(editors[f.name]) > 0
		for imp := range f.imports {
			touched = touched || changedPkg[imp]
		}
		if !touched || f.generated && len(editors[f.name]) == 0 {
			continue
		}
		cfg, ok := configFor(f.name, pl.opts.Tags)
		if !ok {
			fail(editors[f.name], f, fmt.Sprintf("no GOOS, GOARCH and tags ctxlint tries include %s, so its edit cannot be checked", f.name))
			continue
		}
		b := builds[cfg.String()]
		if b == nil {
			b = &excludedBuild{cfg: cfg, dirs: map[string]bool{}, edited: map[string]bool{}}
			builds[cfg.String()] = b
		}
		b.dirs[f.dir] = true
		b.tests = b.tests || strings.HasSuffix(f.name, "_test.go")
		if len(editors[f.name]) > 0 {
			b.edited[f.name] = true
		}
	}
	overlay := maps.Clone(pl.prog.Overlay)
	if overlay == nil {
		overlay = map[string][]byte{}
	}
	maps.Copy(overlay, out)
	for _, key := range slices.Sorted(maps.Keys(builds)) {
		b := builds[key]
		t := time.Now()
		errs, compiled := b.check(pl.prog, pl.builds, overlay)
		timing.Logf("excluded files: %d packages checked for %s in %v, %d failing", len(b.dirs), b.cfg, time.Since(t).Round(time.Millisecond), len(errs))
		for name := range b.edited {
			if !compiled[name] {
				fail(editors[name], byName[name], fmt.Sprintf("the build for %s does not compile %s (cgo, or another package's file), so its edit cannot be checked", b.cfg, name))
			}
		}
		if len(errs) == 0 {
			continue
		}
		before, _ := b.check(pl.prog, pl.builds, pl.prog.Overlay)
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
					fail(bl.sets, byName[bl.err.file], fmt.Sprintf("with it, the build for %s fails: %s", b.cfg, bl.err.msg))
				}
			}
		}
		if len(unexplained) > 0 && len(bad) == 0 {
			first := errs[unexplained[0]][0]
			return nil, fmt.Errorf("internal error: the rewrite breaks the build for %s (%s), and no change set could be shown to cause it", b.cfg, first.msg)
		}
	}
	return bad, nil
}

// excludedBuild is one build configuration to check, and the package
// directories to load under it.
type excludedBuild struct {
	cfg    buildConfig
	dirs   map[string]bool
	edited map[string]bool // the excluded files edited
	tests  bool            // a file to check is a test
}

// buildError is an error of a build: the file it is in, if known, the
// message with file names relative to the module, and that message
// without its position.
type buildError struct {
	file, msg, text string
}

// check loads the directories under the build, with the overlay, and
// returns the errors in each directory's package's own files (a load that
// fails is an error of every directory), and the files the build
// compiled.
func (b *excludedBuild) check(p *source.Program, builds loadedBuilds, overlay map[string][]byte) (errs map[string][]buildError, compiled map[string]bool) {
	errs, compiled = map[string][]buildError{}, map[string]bool{}
	c := builds.check(p, b.cfg, b.dirs, b.tests, overlay)
	for dir, err := range c.failed {
		if b.dirs[dir] {
			msg := relError(p, err.Error())
			errs[dir] = append(errs[dir], buildError{msg: msg, text: msg})
		}
	}
	for _, pkg := range c.pkgs {
		for _, name := range pkg.CompiledGoFiles {
			compiled[name] = true
		}
		for _, e := range c.errs[pkg] {
			file, _, _ := strings.Cut(e.Pos, ":")
			dir := filepath.Dir(file)
			if file == "" || file == "-" {
				dir = pkgDir(pkg)
			}
			if b.dirs[dir] {
				errs[dir] = append(errs[dir], buildError{file: file, msg: relError(p, e.Error()), text: relError(p, e.Msg)})
			}
		}
	}
	return errs, compiled
}

// load loads the package directories under the build, with the overlay,
// from source (see loadSource): one load per main module, whose patterns
// are directories relative to it. A load that fails is the failure of
// each of its directories.
func (c buildConfig) load(p *source.Program, dirs []string, overlay map[string][]byte, tests bool) (pkgs []*packages.Package, failed map[string]error) {
	env := append(os.Environ(), "GOOS="+c.goos, "GOARCH="+c.goarch, "CGO_ENABLED=0", "GOFLAGS=")
	var flags []string
	if len(c.tags) > 0 {
		flags = []string{"-tags=" + strings.Join(c.tags, ",")}
	}
	failed = map[string]error{}
	// The main load's file set, so that the dependencies' files it
	// parsed serve every platform; a platform's check parses into it too.
	fset := p.Fset
	byModule := map[string][]string{}
	for _, dir := range dirs {
		for _, mod := range p.Modules {
			if rel, err := filepath.Rel(mod, dir); err == nil && !strings.HasPrefix(rel, "..") {
				byModule[mod] = append(byModule[mod], "./"+filepath.ToSlash(rel))
				break
			}
		}
	}
	start := time.Now()
	defer func() {
		timing.Logf("loaded %d directories under %s from source: %d packages, in %v", len(dirs), c, len(pkgs), time.Since(start).Round(time.Millisecond))
	}()
	for _, mod := range slices.Sorted(maps.Keys(byModule)) {
		patterns := byModule[mod]
		slices.Sort(patterns)
		loaded, err := loadSource(&packages.Config{
			Fset:       fset,
			Dir:        mod,
			Env:        env,
			BuildFlags: flags,
			Overlay:    overlay,
			Tests:      tests,
		}, patterns, p.InModule, p.ParsedFile)
		if err != nil {
			for _, pat := range patterns {
				failed[filepath.Join(mod, filepath.FromSlash(pat))] = err
			}
			continue
		}
		pkgs = append(pkgs, loaded...)
	}
	return pkgs, failed
}

// pkgDir is the directory of a package's files.
func pkgDir(pkg *packages.Package) string {
	for _, names := range [][]string{pkg.GoFiles, pkg.CompiledGoFiles, pkg.IgnoredFiles} {
		if len(names) > 0 {
			return filepath.Dir(names[0])
		}
	}
	return ""
}

// relError shortens the file names of an error message to their path in
// the module.
func relError(p *source.Program, msg string) string {
	for _, mod := range p.Modules {
		msg = strings.ReplaceAll(msg, mod+string(filepath.Separator), "")
	}
	return msg
}
