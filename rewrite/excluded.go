package rewrite

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
)

// excluded indexes the files of the main modules that the build excludes
// (other build tags or GOOS): they are not type-checked, so their uses of
// a function cannot be edited safely, and changing the function's
// signature would break the build that includes them. A change set a file
// of theirs uses is refused, naming the file. The match is syntactic but
// scoped by what the file can name: a package function is used through
// its name in its own package, or through the name a file imports its
// package under; a method only where the file's package or imports depend
// on the method's package.
type excluded struct {
	files []*excludedFile
	// dependents memoizes, by package path, the loaded packages that
	// import it, directly or not, itself included.
	dependents map[string]map[string]bool
	loaded     map[string]bool   // the import paths of the loaded packages
	dirs       map[string]string // directory → import path of its loaded package
	p          *program
}

// excludedFile is what an excluded file names.
type excludedFile struct {
	name    string
	dir     string
	pkgName string            // its package clause
	pkgPath string            // the import path of the package of its directory, if loaded
	imports map[string]string // path → name the file imports it under
	idents  map[string]bool   // names used alone (not a selector's, not a declaration's)
	sels    map[string][]string
	funcs   map[string]bool // package functions it declares
	methods map[string]bool // methods it declares, by name
	recvs   map[[2]string]bool
}

// newExcluded parses the excluded files of the editable packages.
func newExcluded(p *program) *excluded {
	x := &excluded{p: p, dependents: map[string]map[string]bool{}, loaded: map[string]bool{}, dirs: map[string]string{}}
	seen := map[string]bool{}
	for _, pkg := range p.pkgs {
		x.loaded[pkg.PkgPath] = true
		if len(pkg.GoFiles) > 0 && pkg.Types != nil {
			x.dirs[filepath.Dir(pkg.GoFiles[0])] = pkg.PkgPath
		}
		if !p.editable(pkg) {
			continue
		}
		for _, name := range pkg.IgnoredFiles {
			if seen[name] || !strings.HasSuffix(name, ".go") || !p.inModule(name) {
				continue
			}
			seen[name] = true
			f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.SkipObjectResolution|parser.ParseComments)
			if err != nil || ast.IsGenerated(f) {
				continue
			}
			x.files = append(x.files, indexExcluded(name, pkg, f))
		}
	}
	return x
}

func indexExcluded(name string, pkg *packages.Package, f *ast.File) *excludedFile {
	ef := &excludedFile{
		name: name, dir: filepath.Dir(name), pkgName: f.Name.Name,
		imports: map[string]string{}, idents: map[string]bool{}, sels: map[string][]string{},
		funcs: map[string]bool{}, methods: map[string]bool{}, recvs: map[[2]string]bool{},
	}
	// A _test package beside pkg is another package, whatever the directory.
	if f.Name.Name == pkg.Name {
		ef.pkgPath = pkg.PkgPath
	}
	for _, imp := range f.Imports {
		path, err := strconv.Unquote(imp.Path.Value)
		if err != nil {
			continue
		}
		local := path[strings.LastIndex(path, "/")+1:]
		if imp.Name != nil {
			local = imp.Name.Name
		}
		ef.imports[path] = local
	}
	declared := map[*ast.Ident]bool{}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		declared[fd.Name] = true
		if fd.Recv == nil || len(fd.Recv.List) == 0 {
			ef.funcs[fd.Name.Name] = true
			continue
		}
		ef.methods[fd.Name.Name] = true
		ef.recvs[[2]string{recvName(fd.Recv.List[0].Type), fd.Name.Name}] = true
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ImportSpec:
			return false
		case *ast.SelectorExpr:
			x := ""
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok {
				x = id.Name
			}
			ef.sels[n.Sel.Name] = append(ef.sels[n.Sel.Name], x)
			ast.Inspect(n.X, func(m ast.Node) bool {
				if id, ok := m.(*ast.Ident); ok {
					ef.idents[id.Name] = true
				}
				return true
			})
			return false
		case *ast.Ident:
			if !declared[n] {
				ef.idents[n.Name] = true
			}
		}
		return true
	})
	return ef
}

// recvName is the name of a receiver's base type: T for T, *T, T[P].
func recvName(e ast.Expr) string {
	for {
		switch t := e.(type) {
		case *ast.StarExpr:
			e = t.X
		case *ast.ParenExpr:
			e = t.X
		case *ast.IndexExpr:
			e = t.X
		case *ast.IndexListExpr:
			e = t.X
		case *ast.Ident:
			return t.Name
		default:
			return ""
		}
	}
}

// use returns the first excluded file that uses or declares again fn
// (a function, a method, or an interface method), and how.
func (x *excluded) use(fn *types.Func) (file, how string) {
	if fn.Pkg() == nil {
		return "", ""
	}
	path, name := fn.Pkg().Path(), fn.Name()
	recv := fn.Signature().Recv()
	for _, f := range x.files {
		if recv == nil {
			if f.pkgPath == path {
				if f.funcs[name] {
					return f.name, "declared again in"
				}
				if f.idents[name] {
					return f.name, "used in"
				}
				continue
			}
			if local, ok := f.imports[path]; ok && local != "_" && local != "." {
				for _, on := range f.sels[name] {
					if on == local {
						return f.name, "used in"
					}
				}
			} else if ok && local == "." && f.idents[name] {
				return f.name, "used in"
			}
			continue
		}
		if !x.dependsOn(f, path) {
			continue
		}
		if types.IsInterface(recv.Type()) {
			// Every method of that name may implement the interface.
			if f.methods[name] {
				return f.name, "implemented in"
			}
		} else if f.pkgPath == path && f.recvs[[2]string{recvTypeName(recv.Type()), name}] {
			return f.name, "declared again in"
		}
		if len(f.sels[name]) > 0 {
			return f.name, "used in"
		}
	}
	return "", ""
}

func recvTypeName(t types.Type) string {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Name()
	}
	return ""
}

// dependsOn reports whether code of f can hold a value of a type of the
// package path: f belongs to it or imports it, or imports, or belongs to,
// a package that depends on it. An import of the main modules that was
// not loaded (a package the build excludes whole) may: it counts.
func (x *excluded) dependsOn(f *excludedFile, path string) bool {
	deps := x.dependentsOf(path)
	if f.pkgPath != "" && deps[f.pkgPath] {
		return true
	}
	if f.pkgPath == "" && deps[x.dirs[f.dir]] {
		// Another package in the directory (an external test, a
		// //go:build ignore main): it may reach the directory's through
		// an import of it, or through its own imports below.
		return true
	}
	for imp := range f.imports {
		if deps[imp] {
			return true
		}
		if !x.loaded[imp] && x.ownPath(imp) {
			return true
		}
	}
	return false
}

func (x *excluded) dependentsOf(path string) map[string]bool {
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
	for _, pkg := range x.p.pkgs {
		if reaches(pkg) {
			d[pkg.PkgPath] = true
		}
	}
	x.dependents[path] = d
	return d
}

// ownPath reports whether an import path lies in a main module.
func (x *excluded) ownPath(path string) bool {
	for _, pkg := range x.p.roots {
		if m := pkg.Module; m != nil && m.Main && (path == m.Path || strings.HasPrefix(path, m.Path+"/")) {
			return true
		}
	}
	return false
}

// refusal refuses a set one of whose functions an excluded file uses.
func (x *excluded) refusal(members []node, ix *index) (class, reason string, at token.Pos) {
	for _, m := range members {
		if m.kind != "func" && m.kind != "iface" {
			continue
		}
		fn := ix.funcs[m.pos]
		if fn == nil {
			continue
		}
		if file, how := x.use(fn); file != "" {
			return "build-tagged file", fmt.Sprintf("%s is %s %s, which the build excludes (build tags or GOOS): its signature cannot change there unseen; run ctxlint -fix with -tags that include it, or change it by hand", fn.Name(), how, file), m.pos
		}
	}
	return "", "", token.NoPos
}
