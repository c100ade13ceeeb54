package main

import (
	"bufio"
	"cmp"
	"flag"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
	"github.com/ctxlint/ctxlint/analyzers/todoctx"
	"github.com/ctxlint/ctxlint/internal/wholeprog"
)

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
