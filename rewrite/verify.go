package rewrite

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
)

// checked is a type-check of the rewritten packages in memory: for each
// package verify checked, its new syntax, types and type information.
type checked map[*packages.Package]*rechecked

type rechecked struct {
	files   []*ast.File
	types   *types.Package
	info    *types.Info
	imports map[string]*packages.Package // with those the rewrite added
}

// typeError is a type error of the rewritten program and the package
// whose check reported it.
type typeError struct {
	pkg *packages.Package
	types.Error
}

// verify type-checks, in memory, every loaded package that compiles a
// changed file and every loaded package that imports one of those, with
// the new contents. Given only, it checks that package alone (and the
// changed packages it imports, for their new types). It returns the type
// errors, less those the package had as loaded, and, when there are none,
// what it checked, complete enough to analyse (next).
func (pl *Plan) verify(out map[string][]byte, only *packages.Package) ([]typeError, checked, error) {
	p := pl.prog
	importers := map[*packages.Package][]*packages.Package{}
	for _, pkg := range p.pkgs {
		for _, imp := range pkg.Imports {
			importers[imp] = append(importers[imp], pkg)
		}
	}
	recheck := map[*packages.Package]bool{}
	var mark func(*packages.Package)
	mark = func(pkg *packages.Package) {
		if recheck[pkg] || pkg.Types == nil {
			return
		}
		recheck[pkg] = true
		for _, q := range importers[pkg] {
			mark(q)
		}
	}
	for _, pkg := range p.pkgs {
		for _, name := range pkg.CompiledGoFiles {
			if _, ok := out[name]; ok {
				mark(pkg)
			}
		}
	}
	byPath := map[string]*packages.Package{}
	for _, pkg := range p.pkgs {
		if old, ok := byPath[pkg.PkgPath]; !ok || strings.Contains(old.ID, " [") {
			byPath[pkg.PkgPath] = pkg
		}
	}
	done := checked{}
	parsed := map[string]*ast.File{}
	var errs []typeError
	var check func(*packages.Package) error
	check = func(pkg *packages.Package) error {
		if _, ok := done[pkg]; ok {
			return nil
		}
		for _, imp := range pkg.Imports {
			if recheck[imp] {
				if err := check(imp); err != nil {
					return err
				}
			}
		}
		imports := map[string]*packages.Package{}
		before := loadedErrors(pkg)
		files := make([]*ast.File, 0, len(pkg.CompiledGoFiles))
		for i, name := range pkg.CompiledGoFiles {
			if src, ok := out[name]; ok {
				// Parsed once for the package and its test variant, as
				// go/packages does: positions stay shared.
				f, ok := parsed[name]
				if !ok {
					var err error
					f, err = parser.ParseFile(p.fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
					if err != nil {
						return fmt.Errorf("the rewritten %s does not parse: %v", name, err)
					}
					parsed[name] = f
				}
				files = append(files, f)
			} else if i < len(pkg.Syntax) {
				files = append(files, pkg.Syntax[i])
			}
		}
		conf := types.Config{
			Importer: importerFunc(func(path string) (*types.Package, error) {
				if path == "unsafe" {
					return types.Unsafe, nil
				}
				imp := pkg.Imports[path]
				if imp == nil {
					imp = byPath[path] // an import the rewrite added
				}
				if imp == nil {
					return nil, fmt.Errorf("%s is not among %s's imports", path, pkg.PkgPath)
				}
				imports[path] = imp
				if c, ok := done[imp]; ok {
					return c.types, nil
				}
				return imp.Types, nil
			}),
			Sizes: pkg.TypesSizes,
			Error: func(err error) {
				// Soft errors (an unused variable or import) fail the build too.
				if te, ok := err.(types.Error); ok && !before[errorKey(te)] {
					errs = append(errs, typeError{pkg, te})
				}
			},
		}
		if pkg.Module != nil && pkg.Module.GoVersion != "" {
			conf.GoVersion = "go" + pkg.Module.GoVersion
		}
		usesCgo(&conf) // as LoadMode loaded it
		info := newInfo(pkg.TypesInfo)
		t, _ := conf.Check(pkg.PkgPath, p.fset, files, info)
		done[pkg] = &rechecked{files: files, types: t, info: info, imports: imports}
		return nil
	}
	var order []*packages.Package
	for pkg := range recheck {
		order = append(order, pkg)
	}
	if only != nil {
		order = []*packages.Package{only}
	}
	slices.SortFunc(order, func(a, b *packages.Package) int { return strings.Compare(a.ID, b.ID) })
	for _, pkg := range order {
		if err := check(pkg); err != nil {
			return nil, nil, err
		}
	}
	if len(errs) > 0 {
		return errs, nil, nil
	}
	return nil, done, nil
}

// loadedErrors are the keys of the type errors a package had as loaded:
// a package that did not type-check before the rewrite (another
// platform's, a broken example) does not blame the change sets for it.
func loadedErrors(pkg *packages.Package) map[string]bool {
	if len(pkg.TypeErrors) == 0 {
		return nil
	}
	out := make(map[string]bool, len(pkg.TypeErrors))
	for _, te := range pkg.TypeErrors {
		out[errorKey(te)] = true
	}
	return out
}

// errorKey names a type error by its file and message, which the edits
// leave as they were where its position moves.
func errorKey(te types.Error) string {
	return te.Fset.Position(te.Pos).Filename + ": " + te.Msg
}

// newInfo is a types.Info with room for as much as was, a little more:
// the rewritten package is about the size of the one loaded, and maps
// grown by doubling were a good part of the type-check's time.
func newInfo(was *types.Info) *types.Info {
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

// next returns the packages of the program as rewritten: those verify
// checked in their new form, the others as loaded, all sharing one
// file set. The next pass analyses them without loading the program again
// (go list, parsing and type-checking every dependency).
func (p *program) next(c checked) []*packages.Package {
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
		n.Syntax, n.Types, n.TypesInfo = r.files, r.types, r.info
		n.Imports = make(map[string]*packages.Package, len(r.imports))
		for path, imp := range r.imports {
			n.Imports[path] = visit(imp)
		}
		return &n
	}
	out := make([]*packages.Package, len(p.roots))
	for i, pkg := range p.roots {
		out[i] = visit(pkg)
	}
	return out
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// setPositions are the positions of the edits a set plans.
func setPositions(cs *ChangeSet) []token.Pos {
	var out []token.Pos
	out = append(out, cs.AddParam...)
	out = append(out, cs.PassCtx...)
	out = append(out, cs.Empty...)
	out = append(out, cs.Sinks...)
	out = append(out, cs.Adapt...)
	out = append(out, cs.NameCtx...)
	out = append(out, cs.Compat...)
	if cs.Loop != nil {
		out = append(out, cs.Loop.Recv)
	}
	return out
}
