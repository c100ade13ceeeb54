// Package source indexes the packages a migration loaded: the files it
// may edit, their declared functions, and the syntax at a position. Every
// stage of the rewrite reads the program through it; none changes it.
package source

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

// Program indexes the loaded packages for planning and editing. A file
// compiled into a package and into its test variant is parsed once by
// go/packages and indexed once, with the type information of the variant
// that holds the most files; everything is keyed by position, which the
// variants share, not by types.Object, which they do not.
type Program struct {
	Fset  *token.FileSet
	Pkgs  []*packages.Package // every package loaded, dependencies included
	Roots []*packages.Package // the packages the patterns matched
	Files map[string]*File    // by file name: the editable files only
	Funcs map[token.Pos]*Func // declared functions, by their name's position
	// Modules are the directories of the main modules: only their files
	// are edited.
	Modules []string
	Overlay map[string][]byte // file contents that replace the disk's
	// CgoFiles are the files cgo generated for packages of the main
	// modules: their functions cannot be edited. Loaded in LoadMode, they
	// are only its declarations of the C names; otherwise they stand for
	// the cgo files themselves.
	CgoFiles map[string]bool
	// deps are the loaded files outside the main modules, by name (see
	// ParsedFile).
	depsOnce sync.Once
	deps     map[string]*ast.File
}

// File is one editable file.
type File struct {
	Name      string
	Syntax    *ast.File
	Pkg       *packages.Package
	TokenFile *token.File
}

// Func is a declared function or method of an editable file.
type Func struct {
	Decl *ast.FuncDecl
	File *File
	Obj  *types.Func
}

// New indexes the packages loaded from the patterns (roots) and their
// dependencies. overlay, which may be nil, holds file contents that
// replace the disk's, as the load saw them.
func New(roots []*packages.Package, overlay map[string][]byte) *Program {
	p := &Program{Roots: roots, Overlay: overlay, Files: map[string]*File{}, Funcs: map[token.Pos]*Func{}, CgoFiles: map[string]bool{}}
	seenMod := map[string]bool{}
	packages.Visit(roots, nil, func(pkg *packages.Package) {
		p.Pkgs = append(p.Pkgs, pkg)
		if p.Fset == nil {
			p.Fset = pkg.Fset
		}
	})
	for _, pkg := range roots {
		if pkg.Module != nil && pkg.Module.Main && !seenMod[pkg.Module.Dir] {
			seenMod[pkg.Module.Dir] = true
			p.Modules = append(p.Modules, pkg.Module.Dir)
		}
	}
	for _, pkg := range p.Pkgs {
		if !p.Editable(pkg) {
			continue
		}
		for _, name := range pkg.CompiledGoFiles {
			if !p.InModule(name) {
				p.CgoFiles[name] = true
			}
		}
		for _, f := range pkg.Syntax {
			tf := pkg.Fset.File(f.FileStart)
			if tf == nil || !p.InModule(tf.Name()) || ast.IsGenerated(f) {
				continue
			}
			// The package itself, not its test variant, for a file both
			// compile: its objects are those every importer sees.
			if old, ok := p.Files[tf.Name()]; ok && !strings.Contains(old.Pkg.ID, " [") {
				continue
			}
			p.Files[tf.Name()] = &File{Name: tf.Name(), Syntax: f, Pkg: pkg, TokenFile: tf}
		}
	}
	for _, f := range p.Files {
		for _, d := range f.Syntax.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				obj, _ := f.Pkg.TypesInfo.Defs[fd.Name].(*types.Func)
				p.Funcs[fd.Name.Pos()] = &Func{Decl: fd, File: f, Obj: obj}
			}
		}
	}
	return p
}

// ParsedFile returns the syntax the load has of a file outside the main
// modules, or nil. Another platform's build shares most of them.
func (p *Program) ParsedFile(name string) *ast.File {
	p.depsOnce.Do(func() {
		p.deps = map[string]*ast.File{}
		for _, pkg := range p.Pkgs {
			for _, f := range pkg.Syntax {
				if tf := p.Fset.File(f.FileStart); tf != nil && !p.InModule(tf.Name()) {
					p.deps[tf.Name()] = f
				}
			}
		}
	})
	return p.deps[name]
}

// Editable reports whether pkg's files may be edited: a package of a main
// module, type-checked, without cgo.
func (p *Program) Editable(pkg *packages.Package) bool {
	if pkg.Module == nil || !pkg.Module.Main || pkg.TypesInfo == nil || len(pkg.Syntax) == 0 {
		return false
	}
	return !strings.HasSuffix(pkg.ID, ".test") // the generated test main
}

// MainModules are the main modules of the packages the patterns matched.
func (p *Program) MainModules() []*packages.Module {
	var out []*packages.Module
	for _, pkg := range p.Roots {
		if m := pkg.Module; m != nil && m.Main && !slices.ContainsFunc(out, func(o *packages.Module) bool { return o.Dir == m.Dir }) {
			out = append(out, m)
		}
	}
	return out
}

// InModule reports whether a file lies in one of the main modules.
func (p *Program) InModule(name string) bool {
	for _, dir := range p.Modules {
		if strings.HasPrefix(name, dir+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// ComparePos orders positions by file name and offset: go/packages parses
// files in parallel, so the order of token.Pos values across files, and
// a plan ordered by them, changes from run to run.
func (p *Program) ComparePos(a, b token.Pos) int {
	fa, fb := p.Fset.File(a), p.Fset.File(b)
	if fa == nil || fb == nil || fa == fb {
		return cmp.Compare(a, b)
	}
	return cmp.Or(strings.Compare(fa.Name(), fb.Name()), cmp.Compare(fa.Offset(a), fb.Offset(b)))
}

// FileAt is the editable file holding pos, or nil.
func (p *Program) FileAt(pos token.Pos) *File {
	tf := p.Fset.File(pos)
	if tf == nil {
		return nil
	}
	return p.Files[tf.Name()]
}

// Pos is the position of file:line:col, or token.NoPos.
func (p *Program) Pos(name string, line, col int) token.Pos {
	f := p.Files[name]
	if f == nil || line < 1 || line > f.TokenFile.LineCount() {
		return token.NoPos
	}
	return f.TokenFile.LineStart(line) + token.Pos(col-1)
}

// FuncOf is the declared function of an object (generic origin), if it is
// in an editable file.
func (p *Program) FuncOf(obj types.Object) *Func {
	fn, ok := obj.(*types.Func)
	if !ok {
		return nil
	}
	return p.Funcs[fn.Origin().Pos()]
}

// BodyIn returns a function giving the body of a function declared in
// pkg, or nil: what ctxprop.Joins reads a goroutine's sends in.
func (p *Program) BodyIn(pkg *types.Package) func(*types.Func) ast.Node {
	return func(fn *types.Func) ast.Node {
		if f := p.FuncOf(fn); f != nil && fn.Pkg() == pkg && f.Decl.Body != nil {
			return f.Decl.Body
		}
		return nil
	}
}

// VarAt is the variable or field declared at pos, or nil.
func (p *Program) VarAt(pos token.Pos) *types.Var {
	f, path := p.Enclosing(pos)
	if f == nil || len(path) == 0 {
		return nil
	}
	id, ok := path[0].(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := f.Pkg.TypesInfo.Defs[id].(*types.Var)
	return v
}

// Enclosing is the path from the node at pos up to the file.
func (p *Program) Enclosing(pos token.Pos) (*File, []ast.Node) {
	f := p.FileAt(pos)
	if f == nil {
		return nil, nil
	}
	path, _ := astutil.PathEnclosingInterval(f.Syntax, pos, pos)
	return f, path
}

// ReceiveAt reports whether a channel receive (<-ch) starts at pos: a hop
// ctxprop makes where a function waits for the one that sends on ch.
func (p *Program) ReceiveAt(pos token.Pos) bool {
	_, path := p.Enclosing(pos)
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

// FuncAt is the innermost function (a *ast.FuncDecl or *ast.FuncLit)
// around pos, and the declaration that holds it.
func (p *Program) FuncAt(pos token.Pos) (inner ast.Node, decl *ast.FuncDecl) {
	f := p.FileAt(pos)
	if f == nil {
		return nil, nil
	}
	// Only the declaration holding pos, and in it only the literals
	// holding pos: the plan asks this for every hop and call it reads.
	ds := f.Syntax.Decls
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

// CallAt is the call starting at pos whose callee, if several start there
// (a.b().c()), satisfies want; want may be nil.
func (p *Program) CallAt(pos token.Pos, want func(*ast.CallExpr) bool) *ast.CallExpr {
	f := p.FileAt(pos)
	if f == nil {
		return nil
	}
	var found []*ast.CallExpr
	ast.Inspect(f.Syntax, func(n ast.Node) bool {
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

// EmptyContext reports whether e is context.Background() or context.TODO().
func EmptyContext(info *types.Info, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return false
	}
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	return ok && fn.Pkg() != nil && fn.Pkg().Path() == "context" && (fn.Name() == "Background" || fn.Name() == "TODO")
}

// CallByLparen is the call whose left parenthesis is at lparen.
func (p *Program) CallByLparen(lparen token.Pos) *ast.CallExpr {
	_, path := p.Enclosing(lparen)
	for _, n := range path {
		if c, ok := n.(*ast.CallExpr); ok && c.Lparen == lparen {
			return c
		}
	}
	return nil
}

// Source is the text of a file as loaded: the overlay's, or the disk's.
func (p *Program) Source(name string) ([]byte, error) {
	if src, ok := p.Overlay[name]; ok {
		return src, nil
	}
	return os.ReadFile(name)
}

// FuncType is the type of a function declaration or literal.
func FuncType(fn ast.Node) *ast.FuncType {
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		return fn.Type
	case *ast.FuncLit:
		return fn.Type
	}
	return nil
}

// FuncBody is the body of a function declaration or literal.
func FuncBody(fn ast.Node) *ast.BlockStmt {
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		return fn.Body
	case *ast.FuncLit:
		return fn.Body
	}
	return nil
}

// AssignedCalls lists the calls whose first result decl assigns to obj:
// where the request or command a sink runs was built.
func AssignedCalls(info *types.Info, decl ast.Node, obj types.Object) []*ast.CallExpr {
	var out []*ast.CallExpr
	if d, ok := decl.(*ast.FuncDecl); decl == nil || ok && d == nil {
		return nil
	}
	ast.Inspect(decl, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 || len(as.Lhs) == 0 {
			return true
		}
		if lhs, ok := as.Lhs[0].(*ast.Ident); ok && info.ObjectOf(lhs) == obj {
			if c, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); ok {
				out = append(out, c)
			}
		}
		return true
	})
	return out
}
