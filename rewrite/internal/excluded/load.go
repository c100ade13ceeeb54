package excluded

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"os"
	"runtime"
	"sync"

	"github.com/ctxlint/ctxlint/rewrite/internal/check"
	"golang.org/x/tools/go/packages"
)

// Another platform's build is loaded from source (see platform), but
// go/packages, asked for syntax, type-checks every dependency with its
// function bodies and full type information: telegraf's Windows files
// took 7.5 s and 2.7 GB that way. The rewrite reads and checks again only
// the packages of the main modules and their importers; the others are
// needed for their types alone, which go/types gives without the bodies,
// as export data would: the same load took 2.9 s and 450 MB. Most files
// of those dependencies are the same on every platform, and the main load
// parsed them already: a load given that syntax (known) reuses it.

// sourceMetadata is what loadSource asks go list for: the files and the
// import graph, no types.
const sourceMetadata = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
	packages.NeedImports | packages.NeedDeps | packages.NeedModule

// loadSource loads the packages conf and patterns name with go list, then
// parses and type-checks each from source, after those it imports, as
// many at once as there are CPUs. A package that compiles a file inModule
// accepts, or imports one that does, keeps its syntax (with comments) and
// full type information; the others keep their types alone, checked
// without function bodies. Errors are the package's as go/packages gives
// them: go list's, then the parser's, then the type checker's.
//
// known, if not nil, gives the syntax of a file parsed before into
// conf.Fset, or nil; it is asked only of the files inModule rejects and
// the overlay does not hold, from several goroutines at once.
func loadSource(conf *packages.Config, patterns []string, inModule func(string) bool, known func(string) *ast.File) ([]*packages.Package, error) {
	meta := *conf
	meta.Mode = sourceMetadata
	if meta.Fset == nil {
		meta.Fset = token.NewFileSet()
	}
	roots, err := packages.Load(&meta, patterns...)
	if err != nil {
		return nil, err
	}
	var all []*packages.Package
	full := map[*packages.Package]bool{}
	packages.Visit(roots, nil, func(pkg *packages.Package) {
		all = append(all, pkg)
		for _, name := range pkg.CompiledGoFiles {
			full[pkg] = full[pkg] || inModule(name)
		}
		for _, imp := range pkg.Imports {
			full[pkg] = full[pkg] || full[imp]
		}
	})
	var goarch string
	for _, kv := range meta.Env {
		if len(kv) > 7 && kv[:7] == "GOARCH=" {
			goarch = kv[7:]
		}
	}
	if goarch == "" {
		goarch = runtime.GOARCH
	}
	sizes := types.SizesFor("gc", goarch)
	// all is in dependency order: a package is checked once each package
	// it imports is.
	done := make(map[*packages.Package]chan struct{}, len(all))
	for _, pkg := range all {
		done[pkg] = make(chan struct{})
	}
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	files := &sourceFiles{fset: meta.Fset, overlay: meta.Overlay, parsed: map[string]*parsedSource{}}
	if known != nil {
		files.known = func(name string) *ast.File {
			if _, ok := meta.Overlay[name]; ok || inModule(name) {
				return nil
			}
			return known(name)
		}
	}
	var wg sync.WaitGroup
	for _, pkg := range all {
		wg.Go(func() {
			defer close(done[pkg])
			for _, imp := range pkg.Imports {
				<-done[imp]
			}
			sem <- struct{}{}
			defer func() { <-sem }()
			typeSource(files, pkg, sizes, full[pkg])
		})
	}
	wg.Wait()
	return roots, nil
}

// sourceFiles parses each file once for all the packages that compile it
// (a package and its test variant), as go/packages does, so that their
// syntax and positions are shared.
type sourceFiles struct {
	fset    *token.FileSet
	overlay map[string][]byte
	known   func(string) *ast.File // syntax parsed before, or nil
	mu      sync.Mutex
	parsed  map[string]*parsedSource
}

type parsedSource struct {
	once sync.Once
	f    *ast.File
	err  error
}

// parse returns the file name, with its comments if comments.
func (s *sourceFiles) parse(name string, comments bool) (*ast.File, error) {
	key := fmt.Sprint(comments, name)
	s.mu.Lock()
	p := s.parsed[key]
	if p == nil {
		p = &parsedSource{}
		s.parsed[key] = p
	}
	s.mu.Unlock()
	p.once.Do(func() {
		if s.known != nil {
			if p.f = s.known(name); p.f != nil {
				return
			}
		}
		src, ok := s.overlay[name]
		if !ok {
			if src, p.err = os.ReadFile(name); p.err != nil {
				return
			}
		}
		mode := parser.SkipObjectResolution | parser.AllErrors
		if comments {
			mode |= parser.ParseComments
		}
		p.f, p.err = parser.ParseFile(s.fset, name, src, mode)
	})
	return p.f, p.err
}

// typeSource parses and type-checks pkg, whose imports are checked, and
// fills in what go/packages would: with its syntax and type information
// where full, its types alone otherwise.
func typeSource(src *sourceFiles, pkg *packages.Package, sizes types.Sizes, full bool) {
	fset := src.fset
	pkg.Fset, pkg.TypesSizes = fset, sizes
	if pkg.PkgPath == "unsafe" {
		pkg.Types = types.Unsafe
		return
	}
	var files []*ast.File
	for _, name := range pkg.CompiledGoFiles {
		f, err := src.parse(name, full)
		if list, ok := err.(scanner.ErrorList); ok {
			for _, e := range list {
				pkg.Errors = append(pkg.Errors, packages.Error{Pos: e.Pos.String(), Msg: e.Msg, Kind: packages.ParseError})
			}
		} else if err != nil {
			pkg.Errors = append(pkg.Errors, packages.Error{Pos: name, Msg: err.Error(), Kind: packages.ParseError})
		}
		if f != nil {
			files = append(files, f)
		}
	}
	conf := types.Config{
		IgnoreFuncBodies: !full,
		Sizes:            sizes,
		Importer: check.ImporterFunc(func(path string) (*types.Package, error) {
			if path == "unsafe" {
				return types.Unsafe, nil
			}
			imp := pkg.Imports[path]
			if imp == nil || imp.Types == nil {
				return nil, fmt.Errorf("%s: no type information for %s", pkg.PkgPath, path)
			}
			return imp.Types, nil
		}),
		Error: func(err error) {
			te, ok := err.(types.Error)
			if !ok {
				return
			}
			pkg.TypeErrors = append(pkg.TypeErrors, te)
			pkg.Errors = append(pkg.Errors, packages.Error{Pos: te.Fset.Position(te.Pos).String(), Msg: te.Msg, Kind: packages.TypeError})
		},
	}
	if pkg.Module != nil && pkg.Module.GoVersion != "" {
		conf.GoVersion = "go" + pkg.Module.GoVersion
	}
	var info *types.Info
	if full {
		info = check.NewInfo(nil)
		pkg.Syntax = files
	}
	pkg.Types, _ = conf.Check(pkg.PkgPath, fset, files, info)
	pkg.TypesInfo = info
	pkg.IllTyped = len(pkg.Errors) > 0
	for _, imp := range pkg.Imports {
		pkg.IllTyped = pkg.IllTyped || imp.IllTyped
	}
}
