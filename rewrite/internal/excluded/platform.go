package excluded

import (
	"bytes"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/ctxlint/ctxlint/rewrite/internal/check"
	"github.com/ctxlint/ctxlint/rewrite/internal/source"
	"golang.org/x/tools/go/packages"
)

// A build that includes excluded files is loaded once, from source (export
// data would have the go command compile every dependency for that
// platform: 83 s on a cold build cache for telegraf's Windows files,
// where type-checking them from source takes about 6), and kept across
// Migrate's passes. Typing the excluded files, the check
// after the rewrite and each check a bisection makes then type-check
// again, in memory, only the packages that compile a file changed since
// the load and those importing one, as verify does for the loaded build.
// Each was a go/packages load of every dependency for that platform: a
// second or more apiece (six for telegraf's Windows files), and a
// bisection makes dozens.

// platform is the program under one build: a load of some directories,
// the overlay it was loaded with, and the last parse of each file changed
// since.
type platform struct {
	cfg    Config
	dirs   map[string]bool
	tests  bool
	fset   *token.FileSet
	all    []*packages.Package // every package loaded, dependencies included
	failed map[string]error    // the directories whose load failed
	base   map[string][]byte
	files  map[string]bool // the files the packages compile
	parsed map[string]parsedFile
}

type parsedFile struct {
	src []byte
	f   *ast.File
}

// Builds are the builds loaded, by configuration.
type Builds map[string]*platform

// load returns the build cfg of the directories (with their tests, if
// tests): loaded before, or loaded now with the directories loaded before
// under cfg.
func (ps Builds) load(p *source.Program, cfg Config, dirs []string, tests bool) *platform {
	if pf := ps[cfg.String()]; pf != nil {
		if (pf.tests || !tests) && !slices.ContainsFunc(dirs, func(d string) bool { return !pf.dirs[d] }) {
			return pf
		}
		dirs = slices.Concat(dirs, slices.Collect(maps.Keys(pf.dirs)))
		tests = tests || pf.tests
	}
	pf := &platform{cfg: cfg, dirs: map[string]bool{}, tests: tests, base: maps.Clone(p.Overlay), files: map[string]bool{}, parsed: map[string]parsedFile{}}
	for _, d := range dirs {
		pf.dirs[d] = true
	}
	roots, failed := cfg.load(p, slices.Sorted(maps.Keys(pf.dirs)), p.Overlay, tests)
	pf.failed = failed
	// Only a package of the main modules, or one importing one, can be
	// checked again; the others keep their types alone, for their
	// importers.
	editable := map[*packages.Package]bool{}
	packages.Visit(roots, nil, func(pkg *packages.Package) {
		pf.all = append(pf.all, pkg)
		if pf.fset == nil {
			pf.fset = pkg.Fset
		}
		for _, name := range pkg.CompiledGoFiles {
			pf.files[name] = true
		}
		editable[pkg] = slices.ContainsFunc(pkg.CompiledGoFiles, p.InModule)
		for _, imp := range pkg.Imports {
			editable[pkg] = editable[pkg] || editable[imp]
		}
		if !editable[pkg] {
			pkg.Syntax, pkg.TypesInfo = nil, nil
		}
	})
	ps[cfg.String()] = pf
	return pf
}

// check type-checks again the packages of the directories with the
// overlay's contents and returns them, by ID, with the errors of each,
// and those checked again, with their new syntax and types. It reports
// false when it cannot: a package imports one the load did not include
// (an import the rewrite added), or a file's contents cannot be read.
func (pf *platform) check(dirs map[string]bool, overlay map[string][]byte) ([]*packages.Package, map[*packages.Package][]packages.Error, check.Checked, bool) {
	out := map[string][]byte{}
	for name := range pf.files {
		now, inNow := overlay[name]
		was, inBase := pf.base[name]
		if !inNow && !inBase {
			continue
		}
		if !inNow {
			var err error
			if now, err = os.ReadFile(name); err != nil {
				return nil, nil, nil, false
			}
		}
		if !inBase || !bytes.Equal(now, was) {
			out[name] = now
		}
	}
	var roots []*packages.Package
	for _, pkg := range pf.all {
		if dirs[PkgDir(pkg)] {
			roots = append(roots, pkg)
		}
	}
	slices.SortFunc(roots, func(a, b *packages.Package) int { return strings.Compare(a.ID, b.ID) })
	stale := check.Stale(pf.all, func(name string) bool { _, ok := out[name]; return ok })
	parsed := map[string]*ast.File{}
	for name, src := range out {
		if c, ok := pf.parsed[name]; ok && bytes.Equal(c.src, src) {
			parsed[name] = c.f
		}
	}
	errs := map[*packages.Package][]packages.Error{}
	var again []*packages.Package
	for _, pkg := range roots {
		if !stale[pkg] {
			errs[pkg] = pkg.Errors
			continue
		}
		again = append(again, pkg)
		for _, e := range pkg.Errors {
			if e.Kind != packages.TypeError {
				errs[pkg] = append(errs[pkg], e)
			}
		}
	}
	incomplete := false
	for pkg := range stale {
		incomplete = incomplete || len(pkg.Syntax) != len(pkg.CompiledGoFiles)
	}
	done, err := check.Recheck(pf.fset, pf.all, out, parsed, again, stale, false, func(pkg *packages.Package) func(types.Error) {
		return func(te types.Error) {
			incomplete = incomplete || strings.Contains(te.Msg, check.NotImported)
			errs[pkg] = append(errs[pkg], packages.Error{Pos: pf.fset.Position(te.Pos).String(), Msg: te.Msg, Kind: packages.TypeError})
		}
	})
	if err != nil || incomplete {
		return nil, nil, nil, false
	}
	for name, f := range parsed {
		pf.parsed[name] = parsedFile{out[name], f}
	}
	return roots, errs, done, true
}

// buildChecked is a build's packages of some directories, with an overlay:
// checked again in memory where the kept build can be, loaded anew
// otherwise (again then has no entries).
type buildChecked struct {
	fset   *token.FileSet
	pkgs   []*packages.Package // by ID
	errs   map[*packages.Package][]packages.Error
	again  check.Checked
	failed map[string]error // the directories whose load failed
}

// check returns the packages of the directories under the build cfg
// (with their tests, if tests), with the overlay's contents.
func (ps Builds) check(p *source.Program, cfg Config, dirs map[string]bool, tests bool, overlay map[string][]byte) buildChecked {
	names := slices.Sorted(maps.Keys(dirs))
	pf := ps.load(p, cfg, names, tests)
	if pkgs, errs, again, ok := pf.check(dirs, overlay); ok {
		return buildChecked{fset: pf.fset, pkgs: pkgs, errs: errs, again: again, failed: pf.failed}
	}
	pkgs, failed := cfg.load(p, names, overlay, tests)
	slices.SortFunc(pkgs, func(x, y *packages.Package) int { return strings.Compare(x.ID, y.ID) })
	c := buildChecked{pkgs: pkgs, errs: map[*packages.Package][]packages.Error{}, failed: failed}
	for _, pkg := range pkgs {
		c.fset = pkg.Fset
		c.errs[pkg] = pkg.Errors
	}
	return c
}
