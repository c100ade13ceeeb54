package todoctx

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
	"github.com/ctxlint/ctxlint/internal/analyzerdoc"
	"github.com/ctxlint/ctxlint/internal/astwalk"
	"github.com/ctxlint/ctxlint/internal/funcname"
)

//go:embed doc.go
var doc string

// Analyzer reports context.TODO() sites as migration debt.
var Analyzer = &analysis.Analyzer{
	Name:       "todoctx",
	Doc:        analyzerdoc.MustExtract(doc, "todoctx"),
	URL:        "https://github.com/ctxlint/ctxlint/tree/main/analyzers/todoctx",
	Requires:   []*analysis.Analyzer{ctxprop.Analyzer},
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
}

// WithCtxprop returns todoctx taking ctxprop's paths from a, whose result
// is a *ctxprop.Result, instead of from ctxprop.Analyzer. A driver that
// runs ctxprop over the whole program (ctxlint -whole-program) gives every
// package all the program's paths, so that a TODO below a loop of another
// package is found on a monitored path. The flags are todoctx's own.
func WithCtxprop(a *analysis.Analyzer) *analysis.Analyzer {
	t := *Analyzer
	t.Requires = []*analysis.Analyzer{a}
	return &t
}

var flags struct {
	baseline   string
	background bool
}

func init() {
	Analyzer.Flags.StringVar(&flags.baseline, "baseline", "",
		"file of known sites (written by ctxlint todo -write-baseline): report only new ones, and stale entries; "+
			"FILE@sha256:HEX pins its contents, as go vet requires (ctxlint todo -baseline-flag FILE prints it)")
	Analyzer.Flags.BoolVar(&flags.background, "background", false,
		"also report context.Background() outside main, init, tests and goroutine roots")
}

// pkgState is one pass's view of its package.
type pkgState struct {
	pass  *analysis.Pass
	info  *types.Info
	stuck map[string]ctxprop.Stuck // by origin file:line:col
	// idents lists the identifiers that refer to each of the package's own
	// functions; made when a site first asks how one is used.
	idents    map[*types.Func][]*ast.Ident
	uses      map[*types.Func]*funcUses // memo of usesOf
	walkOrder func(x, y ast.Node) int
	// ifaces indexes by method name the package's interfaces, then the
	// exported ones of each package of its import closure, depth first.
	ifaces []map[string][]*types.TypeName
}

type caller struct {
	call *ast.CallExpr
	fn   string // enclosing function's name
}

func run(pass *analysis.Pass) (any, error) {
	res := &Result{Baselined: map[string]bool{}}
	base, basePath, err := loadBaseline(pass)
	if err != nil {
		if vetProtocol() && len(pass.Files) > 0 {
			// go vet (1.26) caches the package's facts even when the tool
			// reports an error, but not the error: a second run prints
			// nothing and exits 0. A diagnostic is cached and printed on
			// every run, until the flags change.
			pass.Reportf(pass.Files[0].Package, "%v", err)
			return res, nil
		}
		return nil, err
	}
	baselined := func(s *Site) bool { return base[s.Key()] }
	if !imports(pass.Pkg, "context") && !imports(pass.Pkg, "golang.org/x/net/context") {
		checkBaseline(pass, base, basePath, res) // nothing to find; stale entries still count
		return res, nil
	}
	s := &pkgState{pass: pass, info: pass.TypesInfo, stuck: map[string]ctxprop.Stuck{}}
	if r, ok := pass.ResultOf[pass.Analyzer.Requires[0]].(*ctxprop.Result); ok && r != nil {
		for _, st := range r.Stuck {
			if st.Reach.Origin != "" {
				s.stuck[st.Reach.Origin] = st
			}
		}
	}
	// The sites are found among the identifiers' uses, not by a walk: most
	// packages have few or none, and only they need the syntax around them.
	type candidate struct {
		call  *ast.CallExpr
		name  string
		stack []ast.Node // from the file to the call
	}
	var candidates []candidate
	for id, obj := range s.info.Uses {
		if name := emptyContext(obj); name != "" {
			stack := astwalk.Enclosing(pass.Files, id)
			if i := funcname.CallIndex(id, stack); i >= 0 {
				candidates = append(candidates, candidate{stack[i].(*ast.CallExpr), name, stack[:i+1]})
			}
		}
	}
	// In the order a walk meets them: the ordinals in the sites' keys count
	// in it.
	order := s.order()
	slices.SortFunc(candidates, func(x, y candidate) int { return order(x.call, y.call) })

	ordinals := map[string]int{}
	for _, c := range candidates {
		call, name, stack := c.call, c.name, c.stack
		file := stack[0].(*ast.File)
		if ast.IsGenerated(file) {
			continue
		}
		fnName, decl, lit := enclosing(stack)
		if name == "Background" && !s.backgroundReported(file, decl, lit, stack) {
			continue
		}
		ordinals[fnName]++
		site := &Site{
			Package: pass.Pkg.Path(), Func: fnName, Ordinal: ordinals[fnName],
			Call: "context." + name + "()", Pos: call.Pos(), Position: pass.Fset.Position(call.Pos()),
			Reason: sameLineComment(pass.Fset, file, call),
		}
		fixes := s.classify(site, call, decl, lit, stack)
		res.Sites = append(res.Sites, site)
		if baselined(site) {
			res.Baselined[site.Key()] = true
			continue
		}
		pass.Report(analysis.Diagnostic{Pos: call.Pos(), End: call.End(), Message: site.Message(), SuggestedFixes: fixes})
	}
	checkBaseline(pass, base, basePath, res)
	return res, nil
}

// emptyContext returns "TODO" or "Background" for the functions of that
// name (also of golang.org/x/net/context), else "".
func emptyContext(obj types.Object) string {
	fn, _ := obj.(*types.Func)
	if fn == nil || fn.Pkg() == nil {
		return ""
	}
	if p := fn.Pkg().Path(); p != "context" && p != "golang.org/x/net/context" {
		return ""
	}
	if fn.Name() == "TODO" {
		return "TODO"
	}
	if fn.Name() == "Background" && flags.background {
		return "Background"
	}
	return ""
}

// backgroundReported applies -background's exceptions: main, init, tests
// and goroutine roots may start from Background.
func (s *pkgState) backgroundReported(file *ast.File, decl *ast.FuncDecl, lit *ast.FuncLit, stack []ast.Node) bool {
	if strings.HasSuffix(s.pass.Fset.Position(file.Pos()).Filename, "_test.go") {
		return false
	}
	if decl == nil {
		return false // a package-level initialiser runs once, like init
	}
	if decl.Recv == nil && (decl.Name.Name == "init" || decl.Name.Name == "main" && s.pass.Pkg.Name() == "main") {
		return false
	}
	for i := len(stack) - 1; i > 0; i-- {
		if l, ok := stack[i].(*ast.FuncLit); ok {
			if g, ok := stack[i-1].(*ast.CallExpr); ok && g.Fun == l {
				if _, ok := stack[i-2].(*ast.GoStmt); ok && i >= 2 {
					return false // go func() { ... }(): a goroutine root
				}
			}
		}
	}
	return true
}

func imports(pkg *types.Package, path string) bool {
	for _, imp := range pkg.Imports() {
		if imp.Path() == path {
			return true
		}
	}
	return false
}

// enclosing names the innermost function around the call: F, T.M, or
// F.funcN for the n-th literal in F.
func enclosing(stack []ast.Node) (name string, decl *ast.FuncDecl, lit *ast.FuncLit) {
	for i := len(stack) - 1; i >= 0; i-- {
		switch n := stack[i].(type) {
		case *ast.FuncLit:
			if lit == nil {
				lit = n
			}
		case *ast.FuncDecl:
			decl = n
			name = funcName(n)
			if lit != nil {
				name += "." + litName(n, lit)
			}
			return name, decl, lit
		}
	}
	if lit != nil {
		return "package-level.func", nil, lit
	}
	return "package-level", nil, nil
}

// litName is funcN, N counting the literals of decl in source order.
func litName(decl *ast.FuncDecl, lit *ast.FuncLit) string {
	n := 0
	name := "func"
	ast.Inspect(decl, func(x ast.Node) bool {
		if l, ok := x.(*ast.FuncLit); ok {
			n++
			if l == lit {
				name = "func" + strconv.Itoa(n)
				return false
			}
		}
		return true
	})
	return name
}

func funcName(d *ast.FuncDecl) string { return funcname.Of(d) }

// sameLineComment returns the text of the // comment after the call on
// its line, as written: the reason the TODO is there. A directive
// (//nolint:todoctx, //ctxlint:ignore ...) is no reason, but the
// explanation after its own // is (//nolint:todoctx // no API yet).
func sameLineComment(fset *token.FileSet, file *ast.File, call *ast.CallExpr) string {
	line := fset.Position(call.End()).Line
	for _, cg := range file.Comments {
		for _, c := range cg.List {
			if c.Pos() > call.End() && fset.Position(c.Pos()).Line == line && strings.HasPrefix(c.Text, "//") {
				text := strings.TrimPrefix(c.Text, "//")
				if isDirective(text) {
					_, text, _ = strings.Cut(text, "//")
				}
				return strings.TrimSpace(text)
			}
		}
	}
	return ""
}

// isDirective reports whether a // comment's text (after the //) is a
// directive: //word:... as go/ast defines it (//go:build, //nolint:x,
// //ctxlint:ignore), //line, //export, //extern, or golangci-lint's bare
// //nolint.
func isDirective(text string) bool {
	for _, p := range []string{"line ", "export ", "extern "} {
		if strings.HasPrefix(text, p) {
			return true
		}
	}
	if text == "nolint" || strings.HasPrefix(text, "nolint ") {
		return true
	}
	colon := strings.Index(text, ":")
	if colon <= 0 || colon+1 >= len(text) {
		return false
	}
	for _, r := range text[:colon] {
		if !('a' <= r && r <= 'z' || '0' <= r && r <= '9') {
			return false
		}
	}
	r := text[colon+1]
	return 'a' <= r && r <= 'z' || '0' <= r && r <= '9'
}
