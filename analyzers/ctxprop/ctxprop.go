package ctxprop

import (
	_ "embed"
	"go/build"
	"go/token"
	"go/types"
	"iter"
	"path/filepath"
	"reflect"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxlint/ctxlint/internal/analyzerdoc"
)

//go:embed doc.go
var doc string

const analyzerName = "ctxprop"

// Analyzer reports blocking calls reachable from health-monitored loops
// without the loop's deadline.
var Analyzer = &analysis.Analyzer{
	Name:       analyzerName,
	Doc:        analyzerdoc.MustExtract(doc, "ctxprop"),
	URL:        "https://github.com/ctxlint/ctxlint/tree/main/analyzers/ctxprop",
	Run:        run,
	FactTypes:  []analysis.Fact{new(Summary), new(Dispatch), new(Starts), new(HandleName), new(Constructs), new(Sets), new(IdleContext), new(Option)},
	ResultType: reflect.TypeFor[*Result](),
}

// Result lists what the package's monitored loops reach without their
// deadline, as reported (suppressed reports are left out): todoctx and the
// rewriter plan from it.
type Result struct {
	Stuck []Stuck
	// Funcs and Lits are, in a whole-program run only, the summaries of
	// the package's functions and stored literals (by the position of
	// their func keyword) that reach a sink: the next round's input.
	Funcs map[*types.Func]*Summary
	Lits  map[token.Pos]*Summary
	// Calls is, in a whole-program run only, what a call runs (by its left
	// parenthesis) where that is not its callee's summary: the call
	// resolves a field call of the callee by the object it passes
	// (fields.go). The reaches are in the callee's terms, as its summary's.
	Calls map[token.Pos]*Summary
	// HandleArgs lists the calls of the package that pass a handle whose
	// registration it knows to a function of another package.
	HandleArgs []HandleArg
}

// Stuck is one report: a loop, and the path to a sink.
type Stuck struct {
	Component string // quoted name, format string, or a description
	Kind      string // liveness, readiness, startup, monitored, ...
	Pos       token.Pos
	Reach     Reach
	// HandleFrom is set when the component is unnamed because its handle
	// is a parameter whose callers are in other packages: a driver that
	// sees them (Result.HandleArgs) can name it.
	HandleFrom *HandleParam
}

var flags struct {
	register, sinks, nonblocking, monitored string
	async                                   bool
}

func init() {
	Analyzer.Flags.Var(funcList{&flags.register}, "register",
		"comma-separated registration functions whose handles mark monitored loops (importpath.Func or (*importpath.T).M)")
	Analyzer.Flags.Var(funcList{&flags.monitored}, "monitored",
		"comma-separated functions to treat as marked //ctxlint:monitored: loops without a health runtime (importpath.Func or (*importpath.T).M)")
	Analyzer.Flags.Var(funcList{&flags.sinks}, "sinks", "comma-separated functions to treat as blocking calls")
	Analyzer.Flags.Var(funcList{&flags.nonblocking}, "nonblocking", "comma-separated functions never to treat as blocking")
	Analyzer.Flags.BoolVar(&flags.async, "async", false, "also report goroutines a loop starts without waiting for them")
}

// config is the parsed flags.
type config struct {
	register, sinks, nonblocking, monitored map[string]bool
	async                                   bool
}

func parseConfig() (*config, error) {
	c := &config{async: flags.async}
	var err error
	if c.register, err = parseFuncList(flags.register); err != nil {
		return nil, err
	}
	if c.sinks, err = parseFuncList(flags.sinks); err != nil {
		return nil, err
	}
	if c.nonblocking, err = parseFuncList(flags.nonblocking); err != nil {
		return nil, err
	}
	if c.monitored, err = parseFuncList(flags.monitored); err != nil {
		return nil, err
	}
	return c, nil
}

var goroot = filepath.ToSlash(filepath.Join(build.Default.GOROOT, "src")) + "/"

func run(pass *analysis.Pass) (any, error) { return runWith(pass, nil) }

func runWith(pass *analysis.Pass, prog *Program) (any, error) {
	// The standard library is modelled, not analysed: inside it a correct
	// (*http.Client).Do looks unbounded.
	if len(pass.Files) > 0 && strings.HasPrefix(filepath.ToSlash(pass.Fset.Position(pass.Files[0].Pos()).Filename), goroot) {
		return &Result{}, nil
	}
	cfg, err := parseConfig()
	if err != nil {
		return nil, err
	}
	a := &pkgAnalysis{
		pass:     pass,
		cfg:      cfg,
		info:     pass.TypesInfo,
		stdCache: make(map[*types.Package]stdness),
		program:  prog,
	}
	exportStarts(pass)
	exportIdleContexts(pass)
	exportOptions(pass)
	fields := exportConstructs(pass)
	a.dirs = parseDirectives(pass)
	a.customHandles = customHandleTypes(pass.Pkg, cfg.register)
	// A package that reaches no sink may still declare the handles that
	// other packages' loops read: it names them.
	names := a.mayHaveRoots() && a.declaresHandles()
	if prog == nil && !names && !fields.calls && !a.mayBlock() {
		a.reportDirectives()
		return &Result{}, nil
	}
	a.fields = fields
	a.index()
	if prog != nil {
		a.result.Funcs = make(map[*types.Func]*Summary)
		a.result.Lits = make(map[token.Pos]*Summary)
	}
	if names {
		a.exportHandleNames()
	}
	a.findRoots()
	a.summarize()
	a.exportFacts()
	a.report()
	// A copy: a pointer into a would keep the whole per-package state alive
	// as long as the driver keeps the result.
	res := a.result
	res.HandleArgs = a.handleArgs()
	a.releaseNodes()
	return &res, nil
}

// sinkPackages are the packages of the curated sinks.
var sinkPackages = map[string]bool{
	"net": true, "net/http": true, "crypto/tls": true, "database/sql": true, "os/exec": true, "net/smtp": true,
}

// mayBlock is the fast path: a package cannot reach a blocking call when
// nothing it can call is a sink, by any rule of sinkFor:
//   - its import closure has no curated sink package (the standard
//     library's, and the AWS SDK's requests, which import net/http);
//   - neither it nor a package of its closure outside the standard library
//     imports "context": a call of another module is a sink only if it, or
//     its context form, takes a context, and an interface of the module
//     presumed blocking has a method that takes one;
//   - no function it or its closure declares is named in -sinks;
//   - no dependency exported a summary (what it reaches), a dispatch or a
//     handle name. Export data may hide a dependency's imports (go vet):
//     its facts still say what it reaches.
//
// The whole closure counts: a package of the same module may hand out
// another module's client behind an interface, and export no fact since it
// calls nothing.
func (a *pkgAnalysis) mayBlock() bool {
	if a.closureNamesSink() || a.closureUsesContext(a.pass.Pkg) {
		return true
	}
	for _, p := range a.sinkTypePackages() {
		if sinkPackages[p.Path()] {
			return true
		}
	}
	if len(a.pass.AllPackageFacts()) > 0 { // a Dispatch
		return true
	}
	for _, f := range a.pass.AllObjectFacts() {
		switch f.Fact.(type) {
		case *Summary, *HandleName:
			return true
		}
	}
	return false
}

// closureNamesSink reports whether a function named in -sinks belongs to
// the package or to a package of its import closure.
func (a *pkgAnalysis) closureNamesSink() bool {
	for range namingPackages(a.pass.Pkg, a.cfg.sinks) {
		return true
	}
	return false
}

// namingPackages yields the packages of p's import closure, p included,
// whose path is that of a function in names, dependencies first.
func namingPackages(p *types.Package, names map[string]bool) iter.Seq[*types.Package] {
	return func(yield func(*types.Package) bool) {
		if len(names) == 0 {
			return
		}
		paths := make(map[string]bool)
		for name := range names {
			paths[funcPkgPath(name)] = true
		}
		seen := make(map[*types.Package]bool)
		var visit func(p *types.Package) bool
		visit = func(p *types.Package) bool {
			if seen[p] {
				return true
			}
			seen[p] = true
			for _, imp := range p.Imports() {
				if !visit(imp) {
					return false
				}
			}
			return !paths[p.Path()] || yield(p)
		}
		visit(p)
	}
}

// closureUsesContext reports whether p, or a package of its import
// closure outside the standard library, imports "context". Remembered per
// package object for the process: closures overlap, and a standalone run
// shares package objects between passes.
func (a *pkgAnalysis) closureUsesContext(p *types.Package) bool {
	if s := a.stdness(p); s.std && s.sure {
		return false // the standard library's own calls are modelled, not read
	}
	if v, ok := contextClosures.Load(p); ok {
		return v.(bool)
	}
	uses := false
	for _, imp := range p.Imports() {
		if imp.Path() == "context" || a.closureUsesContext(imp) {
			uses = true
			break
		}
	}
	contextClosures.Store(p, uses)
	return uses
}

var contextClosures sync.Map // *types.Package -> bool

// customHandleTypes returns the result types of the -register functions
// found in pkg's import closure. Only the packages the names point to are
// searched: a closure holds hundreds of packages, and this runs for every
// package analysed.
func customHandleTypes(pkg *types.Package, register map[string]bool) map[*types.Named]bool {
	out := make(map[*types.Named]bool)
	for p := range namingPackages(pkg, register) {
		scope := p.Scope()
		for _, name := range scope.Names() {
			switch obj := scope.Lookup(name).(type) {
			case *types.Func:
				addResult(out, obj, register)
			case *types.TypeName:
				if named, ok := obj.Type().(*types.Named); ok {
					for m := range named.Methods() {
						addResult(out, m, register)
					}
				}
			}
		}
	}
	return out
}

func addResult(out map[*types.Named]bool, fn *types.Func, register map[string]bool) {
	if !register[fn.FullName()] || fn.Signature().Results().Len() == 0 {
		return
	}
	t := types.Unalias(fn.Signature().Results().At(0).Type())
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	if named, ok := t.(*types.Named); ok {
		out[named.Origin()] = true
	}
}
