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

// verify type-checks, in memory, every loaded package that compiles a
// changed file and every loaded package that imports one of those, with
// the new contents. It returns the type errors.
func (pl *Plan) verify(out map[string][]byte) ([]types.Error, error) {
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
		if recheck[pkg] || pkg.Types == nil || strings.HasSuffix(pkg.ID, ".test") {
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
	checked := map[*packages.Package]*types.Package{}
	var errs []types.Error
	var check func(*packages.Package) error
	check = func(pkg *packages.Package) error {
		if _, ok := checked[pkg]; ok {
			return nil
		}
		for _, imp := range pkg.Imports {
			if recheck[imp] {
				if err := check(imp); err != nil {
					return err
				}
			}
		}
		files := make([]*ast.File, 0, len(pkg.CompiledGoFiles))
		for i, name := range pkg.CompiledGoFiles {
			if src, ok := out[name]; ok {
				f, err := parser.ParseFile(p.fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
				if err != nil {
					return fmt.Errorf("the rewritten %s does not parse: %v", name, err)
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
				if t, ok := checked[imp]; ok {
					return t, nil
				}
				return imp.Types, nil
			}),
			Sizes: pkg.TypesSizes,
			Error: func(err error) {
				// Soft errors (an unused variable or import) fail the build too.
				if te, ok := err.(types.Error); ok {
					errs = append(errs, te)
				}
			},
		}
		if pkg.Module != nil && pkg.Module.GoVersion != "" {
			conf.GoVersion = "go" + pkg.Module.GoVersion
		}
		t, _ := conf.Check(pkg.PkgPath, p.fset, files, nil)
		checked[pkg] = t
		return nil
	}
	var order []*packages.Package
	for pkg := range recheck {
		order = append(order, pkg)
	}
	slices.SortFunc(order, func(a, b *packages.Package) int { return strings.Compare(a.ID, b.ID) })
	for _, pkg := range order {
		if err := check(pkg); err != nil {
			return nil, err
		}
	}
	return errs, nil
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// culprits are the sets to drop for a type error: those that edit the
// function holding it, else those that edit its file, else all.
func (pl *Plan) culprits(sets []*ChangeSet, te types.Error) []*ChangeSet {
	p := pl.prog
	pos := p.fset.Position(te.Pos)
	var inFile, inFunc []*ChangeSet
	for _, cs := range sets {
		for _, at := range setPositions(cs) {
			ap := p.fset.Position(at)
			if ap.Filename != pos.Filename {
				continue
			}
			if !slices.Contains(inFile, cs) {
				inFile = append(inFile, cs)
			}
			if sameFunc(p, at, ap, pos) && !slices.Contains(inFunc, cs) {
				inFunc = append(inFunc, cs)
			}
		}
	}
	switch {
	case len(inFunc) > 0:
		return inFunc
	case len(inFile) > 0:
		return inFile
	}
	return sets
}

// sameFunc reports whether the edit at (a, ap) lies in the declared
// function around the line of the error at pos (of the rewritten file,
// whose lines moved little: the edits add no lines before most errors).
func sameFunc(p *program, a token.Pos, ap, pos token.Position) bool {
	_, decl := p.funcAt(a)
	if decl == nil {
		return false
	}
	from, to := p.fset.Position(decl.Pos()).Line, p.fset.Position(decl.End()).Line
	return pos.Line >= from && pos.Line <= to+8 && ap.Filename == pos.Filename
}

func setPositions(cs *ChangeSet) []token.Pos {
	var out []token.Pos
	out = append(out, cs.AddParam...)
	out = append(out, cs.PassCtx...)
	out = append(out, cs.Empty...)
	out = append(out, cs.Sinks...)
	out = append(out, cs.Adapt...)
	out = append(out, cs.NameCtx...)
	if cs.Loop != nil {
		out = append(out, cs.Loop.Recv)
	}
	return out
}
