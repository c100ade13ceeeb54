package rewrite

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/types/typeutil"
)

// program indexes the loaded packages for planning and editing. A file
// compiled into a package and into its test variant is parsed once by
// go/packages and indexed once, with the type information of the variant
// that holds the most files; everything is keyed by position, which the
// variants share, not by types.Object, which they do not.
type program struct {
	fset  *token.FileSet
	pkgs  []*packages.Package // every package loaded, dependencies included
	roots []*packages.Package // the packages the patterns matched
	files map[string]*file    // by file name: the editable files only
	funcs map[token.Pos]*fun  // declared functions, by their name's position
	// modules are the directories of the main modules: only their files
	// are edited.
	modules []string
	overlay map[string][]byte
	// cgoFiles are the files cgo generated for packages of the main
	// modules: their functions cannot be edited. Loaded in LoadMode, they
	// are only its declarations of the C names; otherwise they stand for
	// the cgo files themselves.
	cgoFiles map[string]bool
	// builds are the builds that include excluded files, loaded once
	// for Migrate's passes.
	builds loadedBuilds
	// deps are the loaded files outside the main modules, by name (see
	// parsedFile).
	depsOnce sync.Once
	deps     map[string]*ast.File
}

// file is one editable file.
type file struct {
	name string
	ast  *ast.File
	pkg  *packages.Package
	tf   *token.File
}

// fun is a declared function or method of an editable file.
type fun struct {
	decl *ast.FuncDecl
	file *file
	obj  *types.Func
}

func newProgram(roots []*packages.Package) *program {
	p := &program{roots: roots, files: map[string]*file{}, funcs: map[token.Pos]*fun{}, cgoFiles: map[string]bool{}, builds: loadedBuilds{}}
	seenMod := map[string]bool{}
	packages.Visit(roots, nil, func(pkg *packages.Package) {
		p.pkgs = append(p.pkgs, pkg)
		if p.fset == nil {
			p.fset = pkg.Fset
		}
	})
	for _, pkg := range roots {
		if pkg.Module != nil && pkg.Module.Main && !seenMod[pkg.Module.Dir] {
			seenMod[pkg.Module.Dir] = true
			p.modules = append(p.modules, pkg.Module.Dir)
		}
	}
	for _, pkg := range p.pkgs {
		if !p.editable(pkg) {
			continue
		}
		for _, name := range pkg.CompiledGoFiles {
			if !p.inModule(name) {
				p.cgoFiles[name] = true
			}
		}
		for _, f := range pkg.Syntax {
			tf := pkg.Fset.File(f.FileStart)
			if tf == nil || !p.inModule(tf.Name()) || ast.IsGenerated(f) {
				continue
			}
			// The package itself, not its test variant, for a file both
			// compile: its objects are those every importer sees.
			if old, ok := p.files[tf.Name()]; ok && !strings.Contains(old.pkg.ID, " [") {
				continue
			}
			p.files[tf.Name()] = &file{name: tf.Name(), ast: f, pkg: pkg, tf: tf}
		}
	}
	for _, f := range p.files {
		for _, d := range f.ast.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				obj, _ := f.pkg.TypesInfo.Defs[fd.Name].(*types.Func)
				p.funcs[fd.Name.Pos()] = &fun{decl: fd, file: f, obj: obj}
			}
		}
	}
	return p
}

// parsedFile returns the syntax the load has of a file outside the main
// modules, or nil. Another platform's build shares most of them.
func (p *program) parsedFile(name string) *ast.File {
	p.depsOnce.Do(func() {
		p.deps = map[string]*ast.File{}
		for _, pkg := range p.pkgs {
			for _, f := range pkg.Syntax {
				if tf := p.fset.File(f.FileStart); tf != nil && !p.inModule(tf.Name()) {
					p.deps[tf.Name()] = f
				}
			}
		}
	})
	return p.deps[name]
}

// editable reports whether pkg's files may be edited: a package of a main
// module, type-checked, without cgo.
func (p *program) editable(pkg *packages.Package) bool {
	if pkg.Module == nil || !pkg.Module.Main || pkg.TypesInfo == nil || len(pkg.Syntax) == 0 {
		return false
	}
	return !strings.HasSuffix(pkg.ID, ".test") // the generated test main
}

// mainModules are the main modules of the packages the patterns matched.
func (p *program) mainModules() []*packages.Module {
	var out []*packages.Module
	for _, pkg := range p.roots {
		if m := pkg.Module; m != nil && m.Main && !slices.ContainsFunc(out, func(o *packages.Module) bool { return o.Dir == m.Dir }) {
			out = append(out, m)
		}
	}
	return out
}

func (p *program) inModule(name string) bool {
	for _, dir := range p.modules {
		if strings.HasPrefix(name, dir+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// comparePos orders positions by file name and offset: go/packages parses
// files in parallel, so the order of token.Pos values across files, and
// a plan ordered by them, changes from run to run.
func (p *program) comparePos(a, b token.Pos) int {
	fa, fb := p.fset.File(a), p.fset.File(b)
	if fa == nil || fb == nil || fa == fb {
		return cmp.Compare(a, b)
	}
	return cmp.Or(strings.Compare(fa.Name(), fb.Name()), cmp.Compare(fa.Offset(a), fb.Offset(b)))
}

// fileAt is the editable file holding pos, or nil.
func (p *program) fileAt(pos token.Pos) *file {
	tf := p.fset.File(pos)
	if tf == nil {
		return nil
	}
	return p.files[tf.Name()]
}

// pos is the position of file:line:col, or token.NoPos.
func (p *program) pos(name string, line, col int) token.Pos {
	f := p.files[name]
	if f == nil || line < 1 || line > f.tf.LineCount() {
		return token.NoPos
	}
	return f.tf.LineStart(line) + token.Pos(col-1)
}

// funcOf is the declared function of an object (generic origin), if it is
// in an editable file.
func (p *program) funcOf(obj types.Object) *fun {
	fn, ok := obj.(*types.Func)
	if !ok {
		return nil
	}
	return p.funcs[fn.Origin().Pos()]
}

// bodyIn returns a function giving the body of a function declared in
// pkg, or nil: what ctxprop.Joins reads a goroutine's sends in.
func (p *program) bodyIn(pkg *types.Package) func(*types.Func) ast.Node {
	return func(fn *types.Func) ast.Node {
		if f := p.funcOf(fn); f != nil && fn.Pkg() == pkg && f.decl.Body != nil {
			return f.decl.Body
		}
		return nil
	}
}

// varAt is the variable or field declared at pos, or nil.
func (p *program) varAt(pos token.Pos) *types.Var {
	f, path := p.enclosing(pos)
	if f == nil || len(path) == 0 {
		return nil
	}
	id, ok := path[0].(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := f.pkg.TypesInfo.Defs[id].(*types.Var)
	return v
}

// enclosing is the path from the node at pos up to the file.
func (p *program) enclosing(pos token.Pos) (*file, []ast.Node) {
	f := p.fileAt(pos)
	if f == nil {
		return nil, nil
	}
	path, _ := astutil.PathEnclosingInterval(f.ast, pos, pos)
	return f, path
}

// receiveAt reports whether a channel receive (<-ch) starts at pos: a hop
// ctxprop makes where a function waits for the one that sends on ch.
func (p *program) receiveAt(pos token.Pos) bool {
	_, path := p.enclosing(pos)
	for _, n := range path {
		if n.Pos() != pos {
			break
		}
		if u, ok := n.(*ast.UnaryExpr); ok && u.Op == token.ARROW {
			return true
		}
	}
	return false
}

// funcAt is the innermost function (a *ast.FuncDecl or *ast.FuncLit)
// around pos, and the declaration that holds it.
func (p *program) funcAt(pos token.Pos) (inner ast.Node, decl *ast.FuncDecl) {
	f := p.fileAt(pos)
	if f == nil {
		return nil, nil
	}
	// Only the declaration holding pos, and in it only the literals
	// holding pos: the plan asks this for every hop and call it reads.
	ds := f.ast.Decls
	i := sort.Search(len(ds), func(i int) bool { return ds[i].End() > pos })
	if i == len(ds) || ds[i].Pos() > pos {
		return nil, nil
	}
	d := ds[i]
	if fd, ok := d.(*ast.FuncDecl); ok {
		decl, inner = fd, fd
	}
	ast.Inspect(d, func(n ast.Node) bool {
		if n == nil || n.Pos() > pos || n.End() <= pos {
			return false
		}
		if lit, ok := n.(*ast.FuncLit); ok {
			inner = lit
		}
		return true
	})
	return inner, decl
}

// callAt is the call starting at pos whose callee, if several start there
// (a.b().c()), satisfies want; want may be nil.
func (p *program) callAt(pos token.Pos, want func(*ast.CallExpr) bool) *ast.CallExpr {
	f := p.fileAt(pos)
	if f == nil {
		return nil
	}
	var found []*ast.CallExpr
	ast.Inspect(f.ast, func(n ast.Node) bool {
		if n == nil || n.End() < pos || n.Pos() > pos {
			return false
		}
		if c, ok := n.(*ast.CallExpr); ok && c.Pos() == pos {
			found = append(found, c)
		}
		return true
	})
	for i := len(found) - 1; i >= 0; i-- { // innermost first
		if want == nil || want(found[i]) {
			return found[i]
		}
	}
	if len(found) > 0 { // a call through a value: named as the value, not the callee
		return found[len(found)-1]
	}
	return nil
}

// emptyContext reports whether e is context.Background() or context.TODO().
func emptyContext(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return false
	}
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	return ok && fn.Pkg() != nil && fn.Pkg().Path() == "context" && (fn.Name() == "Background" || fn.Name() == "TODO")
}

// callByLparen is the call whose left parenthesis is at lparen.
func (p *program) callByLparen(lparen token.Pos) *ast.CallExpr {
	_, path := p.enclosing(lparen)
	for _, n := range path {
		if c, ok := n.(*ast.CallExpr); ok && c.Lparen == lparen {
			return c
		}
	}
	return nil
}

// source is the text of a file as loaded: the overlay's, or the disk's.
func (p *program) source(name string) ([]byte, error) {
	if src, ok := p.overlay[name]; ok {
		return src, nil
	}
	return os.ReadFile(name)
}

// funcType is the type of a function declaration or literal.
func funcType(fn ast.Node) *ast.FuncType {
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		return fn.Type
	case *ast.FuncLit:
		return fn.Type
	}
	return nil
}

// funcBody is the body of a function declaration or literal.
func funcBody(fn ast.Node) *ast.BlockStmt {
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		return fn.Body
	case *ast.FuncLit:
		return fn.Body
	}
	return nil
}
