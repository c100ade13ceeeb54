package main

import (
	"bufio"
	"cmp"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"reflect"
	"runtime"
	"slices"
	"strings"

	"golang.org/x/sync/errgroup"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
	"github.com/ctxlint/ctxlint/analyzers/todoctx"
	"github.com/ctxlint/ctxlint/internal/wholeprog"
	"github.com/ctxlint/ctxlint/rewrite"
)

// finding is one diagnostic, with the full chain when ctxprop made it.
type finding struct {
	pkg      string // the package's ID
	analyzer string
	posn     string // file:line:col
	end      string // of the diagnosed range
	message  string
	related  []related
	chain    []ctxprop.Hop // every hop, in every package
	loop     string        // with a chain: the component of its loop
	sink     string        // with a chain: the sink, or the dependency's function it enters
}

type related struct {
	posn, message string
}

// standalone is ctxlint's own driver, for what the go vet protocol cannot
// do: -whole-program (ctxprop over the packages as one program, so that
// dynamic calls reach implementations in packages the caller does not
// import; todoctx per package, with the program's paths) and SARIF output. It prints diagnostics as
// go vet does and returns the exit code: 0 clean, 3 findings, 1 failure,
// 2 usage.
func standalone(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("ctxlint", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {}
	whole := fs.Bool("whole-program", false, "analyse the packages as one program (ctxprop; todoctx runs per package, with the program's paths)")
	sarifFile := fs.String("sarif", "", "also write the findings as SARIF 2.1.0 to this file")
	format := fs.String("format", "text", "output on stdout: text or sarif")
	jsonOut := fs.Bool("json", false, "print the findings as JSON, in x/tools' shape (as the plain mode's -json)")
	choke := fs.Bool("chokepoints", false, "print, in place of the findings, the functions on ctxprop's stuck paths, those on the most paths first")
	addTagsFlag(fs)
	cpuprofile := addProfileFlag(fs)
	for _, a := range []*analysis.Analyzer{ctxprop.Analyzer, todoctx.Analyzer} {
		a.Flags.VisitAll(func(f *flag.Flag) { fs.Var(f.Value, a.Name+"."+f.Name, f.Usage) })
	}
	if err := fs.Parse(args); err == flag.ErrHelp {
		help(stdout)
		return 0
	} else if err != nil {
		fmt.Fprintln(stderr, usageHint)
		return 2
	}
	if *format != "text" && *format != "sarif" {
		fmt.Fprintf(stderr, "ctxlint: unknown -format %q: want text or sarif\n", *format)
		return 2
	}
	if *choke && *format == "sarif" {
		fmt.Fprintln(stderr, "ctxlint: -chokepoints and -format=sarif both print on stdout: pick one (-sarif FILE writes the findings too)")
		return 2
	}
	sarifSet := false
	fs.Visit(func(f *flag.Flag) { sarifSet = sarifSet || f.Name == "sarif" })
	if err := checkSARIFFile(*sarifFile, sarifSet); err != nil {
		fmt.Fprintln(stderr, "ctxlint:", err)
		return 2
	}
	stop, err := startProfile(*cpuprofile)
	if err != nil {
		fmt.Fprintln(stderr, "ctxlint:", err)
		return 1
	}
	defer stop()
	patterns := fs.Args()
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	findings, modules, err := analyze(patterns, *whole)
	if err != nil {
		fmt.Fprintln(stderr, "ctxlint:", err)
		return 1
	}
	if *sarifFile != "" {
		if err := writeSARIFFile(*sarifFile, findings); err != nil {
			fmt.Fprintln(stderr, "ctxlint:", err)
			return 1
		}
	}
	if *jsonOut && *format == "sarif" {
		fmt.Fprintln(stderr, "ctxlint: -json and -format=sarif both print on stdout: pick one")
		return 2
	}
	if *choke {
		// A ranking is data, as -json's findings are: exit 0.
		if err := writeChokepoints(stdout, findings, modules, *jsonOut); err != nil {
			fmt.Fprintln(stderr, "ctxlint:", err)
			return 1
		}
		return 0
	}
	if *format == "sarif" {
		if err := writeSARIF(stdout, findings); err != nil {
			fmt.Fprintln(stderr, "ctxlint:", err)
			return 1
		}
	} else if *jsonOut {
		if err := writeJSON(stdout, findings); err != nil {
			fmt.Fprintln(stderr, "ctxlint:", err)
			return 1
		}
		return 0 // as the plain mode's -json: findings are data, not a failure
	} else {
		// Buffered: a whole program can print a quarter of a million
		// lines, a write each otherwise.
		w := bufio.NewWriter(stdout)
		for _, f := range findings {
			fmt.Fprintf(w, "%s: %s\n", f.posn, f.message)
			for _, r := range f.related {
				fmt.Fprintf(w, "%s: \t%s\n", r.posn, r.message)
			}
		}
		if err := w.Flush(); err != nil {
			fmt.Fprintln(stderr, "ctxlint:", err)
			return 1
		}
	}
	if len(findings) > 0 {
		return 3
	}
	return 0
}

// checkSARIFFile refuses a -sarif value that is no file name: empty, a
// package pattern ("-sarif ./..." took the packages for the file), or a
// directory.
func checkSARIFFile(path string, set bool) error {
	switch {
	case !set:
		return nil
	case path == "":
		return fmt.Errorf("-sarif: want a file name (-sarif FILE packages)")
	case strings.HasPrefix(path, ".") && strings.HasSuffix(path, "..."):
		return fmt.Errorf("-sarif %s: want a file name, not packages (-sarif FILE packages)", path)
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("-sarif %s: is a directory, want a file name (-sarif FILE packages)", path)
	}
	return nil
}

// loadPackages loads the packages the patterns match, with their tests and
// all syntax, for the analyzers. It fails on errors in the packages and,
// as the plain mode does, when the patterns match no packages. The build
// tags are those of -tags (buildTags), and GOFLAGS's.
func loadPackages(patterns []string) ([]*packages.Package, error) {
	// rewrite's mode for the analysis too: a path through a cgo file is
	// then reported, and fixed, in the file its author edits.
	cfg := &packages.Config{Mode: rewrite.LoadMode, Tests: true, BuildFlags: buildFlags(), ParseFile: parseFile}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		if msg := moduleError(patterns, err.Error()); msg != "" {
			return nil, errors.New(msg)
		}
		return nil, err
	}
	if len(pkgs) == 0 {
		return nil, fmt.Errorf("%s matched no packages", strings.Join(patterns, " "))
	}
	if n := packages.PrintErrors(pkgs); n > 0 {
		var msg string
		packages.Visit(pkgs, nil, func(p *packages.Package) {
			for _, e := range p.Errors {
				if msg == "" {
					msg = moduleError(patterns, e.Msg)
				}
			}
		})
		if msg != "" {
			return nil, errors.New(msg)
		}
		return nil, fmt.Errorf("%d errors loading packages", n)
	}
	// A misspelt -ctxprop.sinks name would silently do nothing.
	byPath := make(map[string]*types.Package)
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if p.Types != nil {
			byPath[p.PkgPath] = p.Types
		}
	})
	for _, msg := range ctxprop.UnknownFuncs(func(path string) *types.Package { return byPath[path] }) {
		fmt.Fprintln(os.Stderr, "ctxlint: warning:", msg)
	}
	return pkgs, nil
}

// moduleError says in plain words what a load error about modules means,
// as go list words it, or returns "".
func moduleError(patterns []string, msg string) string {
	pats := strings.Join(patterns, " ")
	switch {
	case strings.Contains(msg, "go.mod file not found"), strings.Contains(msg, "cannot find main module"):
		return fmt.Sprintf("%s: the current directory is not in a Go module (no go.mod here or above): run ctxlint from the module's directory, or create one with go mod init", pats)
	case strings.Contains(msg, "does not contain main module"), strings.Contains(msg, "outside main module"), strings.Contains(msg, "does not contain package"):
		out, err := exec.Command("go", "env", "GOMOD").Output()
		if gomod := strings.TrimSpace(string(out)); err == nil && (gomod == "" || gomod == os.DevNull) {
			return fmt.Sprintf("%s: the current directory is not in a Go module (no go.mod here or above): run ctxlint from the module's directory, or create one with go mod init", pats)
		}
		return fmt.Sprintf("%s: not in the current directory's module: run ctxlint from the directory of the module they belong to", pats)
	}
	return ""
}

// parseFile parses as go/packages does, without the syntactic object
// resolution (ast.Ident.Obj, ast.File.Scope) that nothing here reads: the
// type checker resolves names, and dst, which decorates an object's whole
// declaration wherever one of its identifiers is decorated, then
// decorates only what ctxlint -fix edits.
func parseFile(fset *token.FileSet, filename string, src []byte) (*ast.File, error) {
	return parser.ParseFile(fset, filename, src, parser.AllErrors|parser.ParseComments|parser.SkipObjectResolution)
}

// analyze loads the packages and runs the analyzers; with whole, it runs
// ctxprop in rounds, each seeing every package's Dispatch fact from the
// round before, until they stop changing, and then todoctx per package,
// with all the paths of the program. modules are the directories of the
// main modules.
func analyze(patterns []string, whole bool) (_ []finding, modules []string, _ error) {
	pkgs, err := loadPackages(patterns)
	if err != nil {
		return nil, nil, err
	}
	for _, pkg := range pkgs {
		if m := pkg.Module; m != nil && m.Main && m.Dir != "" && !slices.Contains(modules, m.Dir) {
			modules = append(modules, m.Dir)
		}
	}
	var graph *checker.Graph
	if !whole {
		graph, err = checker.Analyze([]*analysis.Analyzer{ctxprop.Analyzer, todoctx.Analyzer}, pkgs, nil)
	} else {
		graph, err = wholeprog.Analyze(pkgs)
	}
	if err != nil {
		return nil, nil, err
	}
	graphs := []*checker.Graph{graph}
	if whole {
		// todoctx per package, with every path the whole program has.
		todo, err := checker.Analyze([]*analysis.Analyzer{todoctx.WithCtxprop(programPaths(graph))}, pkgs, nil)
		if err != nil {
			return nil, nil, err
		}
		graphs = append(graphs, todo)
	}
	var out []finding
	seen := map[findingKey]bool{}
	for _, graph := range graphs {
		if out, err = collect(graph, seen, out); err != nil {
			return nil, nil, err
		}
	}
	sortFindings(out)
	return out, modules, nil
}

// programPaths is an analyzer whose result, in each package, holds the
// paths of the whole program that graph found through a context.TODO() or
// Background() of the package's files: todoctx's input under
// -whole-program, so that it sees the loops of every package above a
// TODO, and needs no per-package ctxprop run of its own.
func programPaths(graph *checker.Graph) *analysis.Analyzer {
	var all []ctxprop.Stuck
	for act := range graph.All() {
		if r, ok := act.Result.(*ctxprop.Result); ok {
			all = append(all, r.Stuck...)
		}
	}
	// Where several loops reach one TODO, todoctx names one: the same in
	// every run.
	slices.SortStableFunc(all, func(a, b ctxprop.Stuck) int {
		return cmp.Or(cmp.Compare(a.Pos, b.Pos), strings.Compare(a.Component, b.Component), strings.Compare(a.Reach.Sink, b.Reach.Sink))
	})
	byFile := make(map[string][]ctxprop.Stuck) // by the origin's file
	for _, s := range all {
		if o := s.Reach.Origin; o != "" {
			file := o
			for range 2 { // file:line:col
				if i := strings.LastIndexByte(file, ':'); i >= 0 {
					file = file[:i]
				}
			}
			byFile[file] = append(byFile[file], s)
		}
	}
	return &analysis.Analyzer{
		Name: "ctxprop",
		Doc:  "the paths ctxprop found over the whole program, by the package of their TODO",
		Run: func(pass *analysis.Pass) (any, error) {
			r := new(ctxprop.Result)
			for _, f := range pass.Files {
				// The name positions carry: a cgo file's //line name.
				name := pass.Fset.Position(f.Package).Filename
				r.Stuck = append(r.Stuck, byFile[name]...)
				if raw := pass.Fset.File(f.Package).Name(); raw != name {
					r.Stuck = append(r.Stuck, byFile[raw]...)
				}
			}
			return r, nil
		},
		ResultType: reflect.TypeFor[*ctxprop.Result](),
	}
}

// sortFindings orders the findings by position, then message, as the
// strings they join into: each key is built once, not at every comparison
// (a whole-program run on a large module has a hundred thousand).
func sortFindings(out []finding) {
	keys := make([]string, len(out))
	order := make([]int, len(out))
	for i, f := range out {
		keys[i] = f.posn + f.message
		order[i] = i
	}
	slices.SortFunc(order, func(i, j int) int { return strings.Compare(keys[i], keys[j]) })
	sorted := make([]finding, len(out))
	for i, k := range order {
		sorted[i] = out[k]
	}
	copy(out, sorted)
}

// collect appends the diagnostics of the graph's root actions to out, each
// once (seen holds the keys of those already there), with its chain when
// ctxprop made it. Which diagnostics are kept is decided in graph order;
// their findings are then spelled on every core, one action each: a whole
// program can have a hundred thousand, each a position and a path to
// spell.
func collect(graph *checker.Graph, seen map[findingKey]bool, out []finding) ([]finding, error) {
	names := handleNames(graph)
	var acts []*checker.Action
	var keep [][]bool // per action, per diagnostic: not seen before
	for act := range graph.All() {
		if act.Err != nil {
			return nil, fmt.Errorf("%s: %v", act, act.Err)
		}
		if !act.IsRoot || len(act.Diagnostics) == 0 {
			continue
		}
		k := make([]bool, len(act.Diagnostics))
		for i, d := range act.Diagnostics {
			posn := act.Package.Fset.Position(d.Pos)
			posn.Offset = 0 // positions //line maps to one file:line:col are one
			key := findingKey{act.Analyzer.Name, posn, d.Message}
			if !seen[key] {
				seen[key] = true
				k[i] = true
			}
		}
		acts, keep = append(acts, act), append(keep, k)
	}
	per := make([][]finding, len(acts))
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i := range acts {
		g.Go(func() error { per[i] = actionFindings(acts[i], keep[i], names); return nil })
	}
	g.Wait()
	for _, fs := range per {
		out = append(out, fs...)
	}
	return out, nil
}

// findingKey tells a diagnostic from another: a file compiled in a package
// and in its test variant is diagnosed twice.
type findingKey struct {
	analyzer string
	posn     token.Position
	message  string
}

// actionFindings are the findings of act's diagnostics that keep marks.
func actionFindings(act *checker.Action, keep []bool, names componentNames) []finding {
	var stuck []ctxprop.Stuck
	if r, ok := act.Result.(*ctxprop.Result); ok {
		stuck = r.Stuck
	}
	chains := newChains(stuck)
	fset := act.Package.Fset
	var out []finding
	for i, d := range act.Diagnostics {
		if !keep[i] {
			continue
		}
		posn := fset.Position(d.Pos).String()
		end := posn
		if d.End.IsValid() {
			end = fset.Position(d.End).String()
		}
		f := finding{pkg: act.Package.ID, analyzer: act.Analyzer.Name, posn: posn, end: end, message: d.Message}
		if s := chains.of(d); s != nil {
			f.chain = s.Reach.Path()
			f.message = names.rename(s, f.message)
			f.loop, f.sink = names.component(s), cmp.Or(s.Reach.Entry, s.Reach.Sink)
		}
		for _, r := range d.Related {
			f.related = append(f.related, related{fset.Position(r.Pos).String(), r.Message})
		}
		out = append(out, f)
	}
	return out
}

// chains finds the Stuck entry ctxprop recorded with each diagnostic of
// one action. One call in a loop can reach several sinks: the entries at a
// diagnostic's position are told apart by the path, which ends its message
// (the first at the position if none matches). Each entry is taken once,
// and its path spelled once: a whole program can hold thousands of entries
// at one position.
type chains struct {
	stuck []ctxprop.Stuck
	atPos map[token.Pos][]int
	path  []string // spelled on first use
	taken []bool
}

func newChains(stuck []ctxprop.Stuck) *chains {
	c := &chains{stuck: stuck, atPos: make(map[token.Pos][]int), path: make([]string, len(stuck)), taken: make([]bool, len(stuck))}
	for i, s := range stuck {
		c.atPos[s.Pos] = append(c.atPos[s.Pos], i)
	}
	return c
}

// of returns the chain of diagnostic d, and takes it.
func (c *chains) of(d analysis.Diagnostic) *ctxprop.Stuck {
	at := -1
	for _, i := range c.atPos[d.Pos] {
		if c.taken[i] {
			continue
		}
		if c.path[i] == "" {
			c.path[i] = pathString(c.stuck[i].Reach.Path())
		}
		if msg, p := d.Message, c.path[i]; len(msg) >= len(p)+2 && strings.HasSuffix(msg, p) && msg[len(msg)-len(p)-2:len(msg)-len(p)] == ": " {
			at = i
			break
		}
		if at < 0 {
			at = i
		}
	}
	if at < 0 {
		return nil
	}
	c.taken[at] = true
	return &c.stuck[at]
}

// pathString is the chain as ctxprop's messages end: hops joined by " → ",
// a dynamic one marked "~".
func pathString(path []ctxprop.Hop) string {
	parts := make([]string, len(path))
	for i, h := range path {
		parts[i] = h.String()
		if h.Dynamic {
			parts[i] = "~" + parts[i]
		}
	}
	return strings.Join(parts, " → ")
}

func writeSARIFFile(path string, findings []finding) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := writeSARIF(f, findings); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
