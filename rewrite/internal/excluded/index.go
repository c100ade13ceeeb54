package excluded

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/ctxlint/ctxlint/internal/ctxtypes"
	"github.com/ctxlint/ctxlint/internal/funcname"
	"github.com/ctxlint/ctxlint/rewrite/internal/change"
	"github.com/ctxlint/ctxlint/rewrite/internal/source"
)

// Index indexes the files of the main modules that the build excludes
// (other build tags or GOOS), and those of directories it excludes whole:
// they are not type-checked with the rest, so their uses of a function
// that gains ctx are found syntactically, scoped by what each file can
// name: a package function through its own package, or through the name
// a file imports its package under; a method only where the file's
// package or imports depend on the method's package.
type Index struct {
	Files []*File
	// dependents memoizes, by package path, the loaded packages that
	// import it, directly or not, itself included.
	dependents map[string]map[string]bool
	loaded     map[string]bool    // the import paths of the loaded packages
	Dirs       map[string]string  // directory → import path of its loaded package
	mods       []*packages.Module // the main modules
	p          *source.Program
	builds     Builds   // the builds that type excluded files
	tags       []string // the user's build tags
	// typed holds, by file name, what each file's selectors select,
	// once a build typed it (nil if none could); configs, the build
	// that includes each file.
	typed   map[string]selected
	configs map[string]Config
}

// File is what an excluded file names, with where.
type File struct {
	Name    string
	Dir     string
	PkgPath string            // the import path of the package of its directory, if loaded
	Imports map[string]string // path → name the file imports it under
	idents  map[string][]ref  // names used alone (not a selector's, not a declaration's)
	sels    map[string][]ref  // selectors, by the name selected
	funcs   map[string]decl   // package functions it declares
	methods map[string]bool   // methods it declares, by name
	recvs   map[[2]string]decl
	// stores are the functions stored in a field or variable by this
	// file, by the slot's name (x.f = v, T{f: v}, f = v).
	stores map[string][]stored
	// Generated and cgo files are never edited: a use there refuses.
	Generated, cgo bool
	// Outside is set for a file this build includes but the patterns did
	// not load: a caller outside the loaded packages.
	Outside bool
}

// ref is a use of a name in an excluded file.
type ref struct {
	on     string // for a selector x.N, x when it is a name
	lparen int    // the offset of the call's left parenthesis when the use is called, else -1
	args   bool   // the call has arguments
	offset int    // the offset of the name
}

// stored is a function a file stores in a slot: one it declares, by
// name, or a literal.
type stored struct {
	on   string // for a selector slot x.f, x when it is a name
	sel  bool   // the slot is a selector or a composite literal's key
	name string // the function declared, "" for a literal
	decl decl   // its parameters
}

// decl is a function an excluded file declares.
type decl struct {
	open    int  // the offset of its parameter list's opening parenthesis
	params  bool // it has parameters
	n       int  // how many
	unnamed bool // its parameters have no names
	ctxName bool // a receiver, parameter or result is named ctx already
}

// New parses, as the overlay has them, the files the build
// excludes from the editable packages, and every other Go file of the main
// modules that no loaded package compiles: packages the patterns did not
// load, the tests of packages loaded only as dependencies, and packages
// the build excludes whole. Of files in a directory no package was loaded
// from, only those importing a package of the main modules can use one.
func New(p *source.Program, builds Builds, tags []string) *Index {
	x := &Index{
		p: p, builds: builds, tags: tags, mods: p.MainModules(),
		dependents: map[string]map[string]bool{}, loaded: map[string]bool{}, Dirs: map[string]string{},
		typed: map[string]selected{}, configs: map[string]Config{},
	}
	known := map[string]bool{} // the files of the loaded packages
	dirPkg := map[string]*packages.Package{}
	for _, pkg := range p.Pkgs {
		x.loaded[pkg.PkgPath] = true
		for _, names := range [][]string{pkg.GoFiles, pkg.CompiledGoFiles, pkg.OtherFiles} {
			for _, name := range names {
				known[name] = true
			}
		}
		if len(pkg.GoFiles) > 0 && pkg.Types != nil && !strings.HasSuffix(pkg.PkgPath, "_test") && !strings.HasSuffix(pkg.ID, ".test") {
			// The plain package of the directory; failing that, a test
			// variant of it (a package only another's tests import).
			dir := filepath.Dir(pkg.GoFiles[0])
			if old := dirPkg[dir]; old == nil || strings.Contains(old.ID, " [") && !strings.Contains(pkg.ID, " [") {
				x.Dirs[dir] = pkg.PkgPath
				dirPkg[dir] = pkg
			}
		}
	}
	add := func(name string, pkg *packages.Package, path string, outside bool) {
		if known[name] || !strings.HasSuffix(name, ".go") || !p.InModule(name) {
			return
		}
		known[name] = true
		src, err := p.Source(name)
		if err != nil {
			return
		}
		if pkg == nil {
			// Another directory's file uses a function of ours only
			// through an import of its package.
			f, err := parser.ParseFile(token.NewFileSet(), name, src, parser.ImportsOnly)
			if err != nil || !slices.ContainsFunc(f.Imports, func(imp *ast.ImportSpec) bool {
				path, _ := ctxtypes.Import(imp)
				return x.ownPath(path)
			}) {
				return
			}
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution|parser.ParseComments)
		if err != nil {
			return
		}
		if pkg != nil {
			path = ""
			if f.Name.Name == pkg.Name {
				path = pkg.PkgPath // not a _test package beside it
			}
		}
		ef := indexExcluded(name, path, fset.File(f.FileStart), f)
		if outside {
			ctx := build.Default
			ctx.BuildTags = tags
			ok, err := ctx.MatchFile(filepath.Dir(name), filepath.Base(name))
			ef.Outside = err == nil && ok
		}
		x.Files = append(x.Files, ef)
	}
	for _, pkg := range p.Pkgs {
		if p.Editable(pkg) {
			for _, name := range pkg.IgnoredFiles {
				add(name, pkg, "", false)
			}
		}
	}
	for _, mod := range x.mods {
		for dir, names := range moduleFiles(mod.Dir) {
			path := mod.Path
			if rel, _ := filepath.Rel(mod.Dir, dir); rel != "." {
				path += "/" + filepath.ToSlash(rel)
			}
			for _, name := range names {
				add(name, dirPkg[dir], path, true)
			}
		}
	}
	return x
}

// moduleFiles returns the Go files, by directory, of the module rooted at
// root. Files and directories go ignores (testdata, vendor, dot and
// underscore names) and nested modules are skipped.
func moduleFiles(root string) map[string][]string {
	out := map[string][]string{}
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			name := d.Name()
			if path != root && (name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
				return filepath.SkipDir
			}
			if path != root {
				if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
					return filepath.SkipDir
				}
			}
			return nil
		}
		if name := d.Name(); strings.HasSuffix(name, ".go") && !strings.HasPrefix(name, "_") && !strings.HasPrefix(name, ".") {
			out[filepath.Dir(path)] = append(out[filepath.Dir(path)], path)
		}
		return nil
	})
	return out
}

func indexExcluded(name, pkgPath string, tf *token.File, f *ast.File) *File {
	ef := &File{
		Name: name, Dir: filepath.Dir(name), PkgPath: pkgPath,
		Imports: map[string]string{}, idents: map[string][]ref{}, sels: map[string][]ref{},
		funcs: map[string]decl{}, methods: map[string]bool{}, recvs: map[[2]string]decl{},
		stores:    map[string][]stored{},
		Generated: ast.IsGenerated(f),
	}
	for _, imp := range f.Imports {
		path, local := ctxtypes.Import(imp)
		ef.Imports[path] = local
		ef.cgo = ef.cgo || path == "C"
	}
	skip := map[*ast.Ident]bool{} // declared names and selected ones
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		skip[fd.Name] = true
		dc := declOf(tf, fd.Recv, fd.Type)
		if fd.Recv == nil || len(fd.Recv.List) == 0 {
			ef.funcs[fd.Name.Name] = dc
			continue
		}
		ef.methods[fd.Name.Name] = true
		ef.recvs[[2]string{recvName(fd.Recv.List[0].Type), fd.Name.Name}] = dc
	}
	called := map[ast.Expr]*ast.CallExpr{}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ImportSpec:
			return false
		case *ast.CallExpr:
			called[ast.Unparen(n.Fun)] = n
		case *ast.CompositeLit:
			for _, elt := range n.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					if key, ok := kv.Key.(*ast.Ident); ok {
						ef.store(tf, key.Name, "", true, kv.Value)
					}
				}
			}
		case *ast.AssignStmt:
			if n.Tok != token.ASSIGN || len(n.Lhs) != len(n.Rhs) {
				break
			}
			for i, lhs := range n.Lhs {
				switch lhs := ast.Unparen(lhs).(type) {
				case *ast.Ident:
					ef.store(tf, lhs.Name, "", false, n.Rhs[i])
				case *ast.SelectorExpr:
					on := ""
					if id, ok := ast.Unparen(lhs.X).(*ast.Ident); ok {
						on = id.Name
					}
					ef.store(tf, lhs.Sel.Name, on, true, n.Rhs[i])
				}
			}
		case *ast.SelectorExpr:
			skip[n.Sel] = true
			r := use(tf, called[n], n.Sel.Pos())
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok {
				r.on = id.Name
			}
			ef.sels[n.Sel.Name] = append(ef.sels[n.Sel.Name], r)
		case *ast.Ident:
			if !skip[n] {
				ef.idents[n.Name] = append(ef.idents[n.Name], use(tf, called[n], n.Pos()))
			}
		}
		return true
	})
	return ef
}

// declOf describes a function's parameters for an edit that adds ctx.
func declOf(tf *token.File, recv *ast.FieldList, ft *ast.FuncType) decl {
	dc := decl{open: tf.Offset(ft.Params.Opening), params: len(ft.Params.List) > 0, n: ft.Params.NumFields()}
	for _, fl := range []*ast.FieldList{recv, ft.Params, ft.Results} {
		if fl == nil {
			continue
		}
		for _, field := range fl.List {
			if len(field.Names) == 0 && fl == ft.Params {
				dc.unnamed = true
			}
			for _, n := range field.Names {
				dc.ctxName = dc.ctxName || n.Name == "ctx"
			}
		}
	}
	return dc
}

// store records v stored in the slot named name, if v is a function the
// file declares or a literal.
func (f *File) store(tf *token.File, name, on string, sel bool, v ast.Expr) {
	switch v := ast.Unparen(v).(type) {
	case *ast.Ident:
		if d, ok := f.funcs[v.Name]; ok {
			f.stores[name] = append(f.stores[name], stored{on: on, sel: sel, name: v.Name, decl: d})
		}
	case *ast.FuncLit:
		f.stores[name] = append(f.stores[name], stored{on: on, sel: sel, decl: declOf(tf, nil, v.Type)})
	}
}

func use(tf *token.File, call *ast.CallExpr, at token.Pos) ref {
	if call == nil {
		return ref{lparen: -1, offset: tf.Offset(at)}
	}
	return ref{lparen: tf.Offset(call.Lparen), args: len(call.Args) > 0, offset: tf.Offset(at)}
}

// recvName is the name of a receiver's base type: T for T, *T, T[P].
func recvName(e ast.Expr) string {
	if id := funcname.BaseType(e); id != nil {
		return id.Name
	}
	return ""
}

// dependsOn reports whether code of f can hold a value of a type of the
// package path: f belongs to it or imports it, or imports, or belongs to,
// a package that depends on it. An import of the main modules that was
// not loaded (a package the build excludes whole) may: it counts.
func (x *Index) dependsOn(f *File, path string) bool {
	deps := x.dependentsOf(path)
	if f.PkgPath != "" && deps[f.PkgPath] {
		return true
	}
	if f.PkgPath == "" && deps[x.Dirs[f.Dir]] {
		// Another package in the directory (an external test, a
		// //go:build ignore main): it may reach the directory's through
		// an import of it, or through its own imports below.
		return true
	}
	for imp := range f.Imports {
		if deps[imp] {
			return true
		}
		if !x.loaded[imp] && x.ownPath(imp) {
			return true
		}
	}
	return false
}

func (x *Index) dependentsOf(path string) map[string]bool {
	if d, ok := x.dependents[path]; ok {
		return d
	}
	d := map[string]bool{path: true}
	memo := map[*packages.Package]bool{}
	var reaches func(*packages.Package) bool
	reaches = func(pkg *packages.Package) bool {
		if r, ok := memo[pkg]; ok {
			return r
		}
		memo[pkg] = false
		r := pkg.PkgPath == path
		for _, imp := range pkg.Imports {
			if reaches(imp) {
				r = true
			}
		}
		memo[pkg] = r
		return r
	}
	for _, pkg := range x.p.Pkgs {
		if reaches(pkg) {
			d[pkg.PkgPath] = true
		}
	}
	x.dependents[path] = d
	return d
}

// ownPath reports whether an import path lies in a main module.
func (x *Index) ownPath(path string) bool {
	for _, m := range x.mods {
		if path == m.Path || strings.HasPrefix(path, m.Path+"/") {
			return true
		}
	}
	return false
}

// A Member is what gains a context in a change set: a function or
// interface method (a *types.Func), or a variable or field of a func type
// (a *types.Var), declared at Pos.
type Member struct {
	Pos token.Pos
	Obj types.Object
}

// Edits returns the edits of the excluded files that change with a set
// of these members: each call of one of its functions passes ctx first,
// and each declaration of one gains a ctx parameter. A use that cannot be
// edited so (a function value, an interface method another type may
// implement, a declaration with a parameter named ctx already) refuses the
// set, naming the file.
func (x *Index) Edits(members []Member) (edits []change.ExcludedEdit, class, reason string, at token.Pos) {
	for _, m := range members {
		fn := m.Obj
		var us []exUse
		switch obj := m.Obj.(type) {
		case *types.Func:
			us = x.uses(obj)
		case *types.Var:
			us = x.slotUses(obj)
		}
		for _, u := range us {
			switch {
			case u.file.Generated:
				return nil, "generated file", fmt.Sprintf("%s is %s %s, a generated file the build excludes, which ctxlint does not edit: change its generator, then run ctxlint -fix again", fn.Name(), u.how, u.file.Name), m.Pos
			case u.file.cgo:
				return nil, "cgo", fmt.Sprintf("%s is %s %s, a file the build excludes that uses cgo, which ctxlint does not edit: change it by hand", fn.Name(), u.how, u.file.Name), m.Pos
			case u.how == "called in":
				edits = append(edits, change.ExcludedEdit{File: u.file.Name, Offset: u.ref.lparen, Args: u.ref.args})
				continue
			case u.how == "used as a value in" && !u.file.Outside:
				// Stored where the set changes the type too (a mock
				// assigned to a field, a method value passed to a helper
				// whose parameter changes with it), it needs no edit; the
				// build under the file's platform and tags says whether
				// it fits, and blames this set if not.
				if e := (change.ExcludedEdit{File: u.file.Name, Offset: u.ref.offset, Use: true}); !slices.Contains(edits, e) {
					edits = append(edits, e)
				}
				continue
			case (u.how == "declared again in" || u.how == "stored in") && !u.decl.ctxName:
				// Once: a platform's method is found from the interface
				// and from the method it stands beside.
				if e := (change.ExcludedEdit{File: u.file.Name, Offset: u.decl.open, Decl: true, Args: u.decl.params, Unnamed: u.decl.unnamed}); !slices.Contains(edits, e) {
					edits = append(edits, e)
				}
				continue
			}
			if u.file.Outside {
				return nil, "caller outside the loaded packages", fmt.Sprintf("%s is %s %s, whose package the patterns did not load: run ctxlint -fix on every package of the module (./...), or with -fix.compat to keep the old signature", fn.Name(), u.how, u.file.Name), m.Pos
			}
			return nil, "build-tagged file", fmt.Sprintf("%s is %s %s, which the build excludes (build tags or GOOS): ctxlint cannot change it there unseen; run ctxlint -fix with -tags that include it, or change it by hand", fn.Name(), u.how, u.file.Name), m.Pos
		}
	}
	return edits, "", "", token.NoPos
}
