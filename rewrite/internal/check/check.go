// Package check type-checks rewritten packages again in memory, as
// go/packages checked them when it loaded them: only the packages a
// change reaches, each against the others as loaded. Verify decides with
// it whether a change set keeps the program building, and the next pass
// analyses what it checked instead of loading the program again.
package check

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strings"
	_ "unsafe" // for go:linkname

	"github.com/ctxlint/ctxlint/rewrite/internal/timing"
	"golang.org/x/tools/go/packages"
)

// Checked is a type-check of the rewritten packages in memory: for each
// package verify checked, its new syntax, types and type information.
type Checked map[*packages.Package]*Package

// A Package is one package checked again: its new syntax, types and
// type information, and the packages it imports as checked.
type Package struct {
	Files   []*ast.File
	Types   *types.Package
	Info    *types.Info
	Imports map[string]*packages.Package // with those the rewrite added
}

// Stale are the packages among pkgs that compile a file changed reports
// and those that import one, directly or not.
func Stale(pkgs []*packages.Package, changed func(name string) bool) map[*packages.Package]bool {
	importers := map[*packages.Package][]*packages.Package{}
	for _, pkg := range pkgs {
		for _, imp := range pkg.Imports {
			importers[imp] = append(importers[imp], pkg)
		}
	}
	out := map[*packages.Package]bool{}
	var mark func(*packages.Package)
	mark = func(pkg *packages.Package) {
		if out[pkg] || pkg.Types == nil {
			return
		}
		out[pkg] = true
		for _, q := range importers[pkg] {
			mark(q)
		}
	}
	for _, pkg := range pkgs {
		if slices.ContainsFunc(pkg.CompiledGoFiles, changed) {
			mark(pkg)
		}
	}
	return out
}

// Recheck type-checks again, in memory and in the order of roots, each
// root with the contents out has for its files (parsed holds those
// parsed already, and gets the others), after the stale packages it
// imports, directly or not. onErr gives, for each package checked,
// what to tell its type errors. It returns the packages checked, with
// their new syntax, types and type information.
func Recheck(fset *token.FileSet, pkgs []*packages.Package, out map[string][]byte, parsed map[string]*ast.File, roots []*packages.Package, stale map[*packages.Package]bool, cgo bool, onErr func(*packages.Package) func(types.Error)) (Checked, error) {
	byPath := map[string]*packages.Package{}
	for _, pkg := range pkgs {
		if old, ok := byPath[pkg.PkgPath]; !ok || strings.Contains(old.ID, " [") {
			byPath[pkg.PkgPath] = pkg
		}
	}
	done := Checked{}
	var check func(*packages.Package) error
	check = func(pkg *packages.Package) error {
		if _, ok := done[pkg]; ok {
			return nil
		}
		for _, imp := range pkg.Imports {
			if stale[imp] {
				if err := check(imp); err != nil {
					return err
				}
			}
		}
		files, err := newFiles(fset, pkg, out, parsed)
		if err != nil {
			return err
		}
		done[pkg] = retype(fset, pkg, files, done, byPath, NewInfo(pkg.TypesInfo), cgo, onErr(pkg))
		return nil
	}
	slices.SortFunc(roots, func(a, b *packages.Package) int { return strings.Compare(a.ID, b.ID) })
	for _, pkg := range roots {
		if err := check(pkg); err != nil {
			return nil, err
		}
	}
	return done, nil
}

// newFiles are pkg's files with those out changes parsed anew: once
// for a package and its test variant, as go/packages does, so that
// positions stay shared.
func newFiles(fset *token.FileSet, pkg *packages.Package, out map[string][]byte, parsed map[string]*ast.File) ([]*ast.File, error) {
	files := make([]*ast.File, 0, len(pkg.CompiledGoFiles))
	for i, name := range pkg.CompiledGoFiles {
		if src, ok := out[name]; ok {
			f, ok := parsed[name]
			if !ok {
				var err error
				f, err = parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
				if err != nil {
					return nil, fmt.Errorf("the rewritten %s does not parse: %v", name, err)
				}
				parsed[name] = f
			}
			files = append(files, f)
		} else if i < len(pkg.Syntax) {
			files = append(files, pkg.Syntax[i])
		}
	}
	return files, nil
}

// NotImported says, in a type error, that a package imports one the
// load did not include.
const NotImported = "is not among"

// retype type-checks pkg again with files, as go/packages checked it,
// importing the packages checked again before it from done, the others
// as loaded, and a package the rewrite added an import of by its path
// among byPath. It tells onErr every type error.
func retype(fset *token.FileSet, pkg *packages.Package, files []*ast.File, done Checked, byPath map[string]*packages.Package, info *types.Info, cgo bool, onErr func(types.Error)) *Package {
	imports := map[string]*packages.Package{}
	conf := types.Config{
		Importer: ImporterFunc(func(path string) (*types.Package, error) {
			if path == "unsafe" {
				return types.Unsafe, nil
			}
			imp := pkg.Imports[path]
			if imp == nil {
				imp = byPath[path] // an import the rewrite added
			}
			if imp == nil {
				return nil, fmt.Errorf("%s %s %s's imports", path, NotImported, pkg.PkgPath)
			}
			imports[path] = imp
			if c, ok := done[imp]; ok {
				return c.Types, nil
			}
			return imp.Types, nil
		}),
		Sizes: pkg.TypesSizes,
		Error: func(err error) {
			if te, ok := err.(types.Error); ok {
				onErr(te)
			}
		},
	}
	if pkg.Module != nil && pkg.Module.GoVersion != "" {
		conf.GoVersion = "go" + pkg.Module.GoVersion
	}
	if cgo {
		UsesCgo(&conf) // as source.LoadMode loaded it
	}
	t, _ := conf.Check(pkg.PkgPath, fset, files, info)
	return &Package{Files: files, Types: t, Info: info, Imports: imports}
}

// ErrorKey names a type error by its file and message, which the edits
// leave as they were where its position moves.
func ErrorKey(te types.Error) string {
	return te.Fset.Position(te.Pos).Filename + ": " + te.Msg
}

// NewInfo is a types.Info with room for as much as was, a little more:
// the rewritten package is about the size of the one loaded, and maps
// grown by doubling were a good part of the type-check's time.
func NewInfo(was *types.Info) *types.Info {
	if was == nil {
		was = &types.Info{}
	}
	room := func(n int) int { return n + n/8 }
	return &types.Info{
		Types:        make(map[ast.Expr]types.TypeAndValue, room(len(was.Types))),
		Defs:         make(map[*ast.Ident]types.Object, room(len(was.Defs))),
		Uses:         make(map[*ast.Ident]types.Object, room(len(was.Uses))),
		Implicits:    make(map[ast.Node]types.Object, room(len(was.Implicits))),
		Instances:    make(map[*ast.Ident]types.Instance, room(len(was.Instances))),
		Scopes:       make(map[ast.Node]*types.Scope, room(len(was.Scopes))),
		Selections:   make(map[*ast.SelectorExpr]*types.Selection, room(len(was.Selections))),
		FileVersions: make(map[*ast.File]string, len(was.FileVersions)),
	}
}

// Next returns the packages of the program as rewritten: those verify
// checked in their new form, the others as loaded, all sharing one
// file set. The next pass analyses them without loading the program again
// (go list, parsing and type-checking every dependency).
func (c Checked) Next(roots []*packages.Package) []*packages.Package {
	now := map[*packages.Package]*packages.Package{}
	var visit func(*packages.Package) *packages.Package
	visit = func(pkg *packages.Package) *packages.Package {
		if n, ok := now[pkg]; ok {
			return n
		}
		r, ok := c[pkg]
		if !ok {
			now[pkg] = pkg
			return pkg
		}
		n := *pkg
		now[pkg] = &n
		n.Syntax, n.Types, n.TypesInfo = r.Files, r.Types, r.Info
		n.Imports = make(map[string]*packages.Package, len(r.Imports))
		for path, imp := range r.Imports {
			n.Imports[path] = visit(imp)
		}
		return &n
	}
	out := make([]*packages.Package, len(roots))
	for i, pkg := range roots {
		out[i] = visit(pkg)
	}
	if timing.On() {
		anew := 0
		for pkg, n := range now {
			if n != pkg {
				anew++
			}
		}
		timing.Logf("the next pass: %d of %d packages type-checked anew (changed, or importing a changed one)", anew, len(now))
	}
	return out
}

// ImporterFunc is a types.Importer as a function.
type ImporterFunc func(path string) (*types.Package, error)

// Import calls f.
func (f ImporterFunc) Import(path string) (*types.Package, error) { return f(path) }

// UsesCgo makes a types.Config check C.f as the loader did in source.LoadMode,
// against cgo's declarations among the files; go/types offers it to its
// own source importer by this name.
//
//go:linkname UsesCgo go/types.srcimporter_setUsesCgo
func UsesCgo(conf *types.Config)
