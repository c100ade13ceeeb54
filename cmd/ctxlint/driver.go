package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
	"github.com/ctxlint/ctxlint/analyzers/todoctx"
)

// maxRounds bounds the whole-program fixpoint; each round only adds what
// newly visible implementations reach, so it settles in a few.
const maxRounds = 10

// finding is one diagnostic, with the full chain when ctxprop made it.
type finding struct {
	analyzer string
	posn     string // file:line:col
	message  string
	related  []related
	chain    []ctxprop.Hop // every hop, in every package
}

type related struct {
	posn, message string
}

// standalone is ctxlint's own driver, for what the go vet protocol cannot
// do: -whole-program (ctxprop over the packages as one program, so that
// dynamic calls reach implementations in packages the caller does not
// import) and SARIF output. It prints diagnostics as go vet does and
// returns the exit code: 0 clean, 3 findings, 1 failure, 2 usage.
func standalone(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("ctxlint", flag.ContinueOnError)
	fs.SetOutput(stderr)
	whole := fs.Bool("whole-program", false, "analyse the packages as one program (ctxprop only)")
	sarifFile := fs.String("sarif", "", "also write the findings as SARIF 2.1.0 to this file")
	format := fs.String("format", "text", "output on stdout: text or sarif")
	for _, a := range []*analysis.Analyzer{ctxprop.Analyzer, todoctx.Analyzer} {
		a.Flags.VisitAll(func(f *flag.Flag) { fs.Var(f.Value, a.Name+"."+f.Name, f.Usage) })
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *format != "text" && *format != "sarif" {
		fmt.Fprintf(stderr, "ctxlint: unknown -format %q: want text or sarif\n", *format)
		return 2
	}
	patterns := fs.Args()
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	findings, err := analyze(patterns, *whole)
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
	if *format == "sarif" {
		if err := writeSARIF(stdout, findings); err != nil {
			fmt.Fprintln(stderr, "ctxlint:", err)
			return 1
		}
	} else {
		for _, f := range findings {
			fmt.Fprintf(stdout, "%s: %s\n", f.posn, f.message)
			for _, r := range f.related {
				fmt.Fprintf(stdout, "%s: \t%s\n", r.posn, r.message)
			}
		}
	}
	if len(findings) > 0 {
		return 3
	}
	return 0
}

// analyze loads the packages and runs the analyzers; with whole, it runs
// ctxprop in rounds, each seeing every package's Dispatch fact from the
// round before, until they stop changing.
func analyze(patterns []string, whole bool) ([]finding, error) {
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax, Tests: true}, patterns...)
	if err != nil {
		return nil, err
	}
	if n := packages.PrintErrors(pkgs); n > 0 {
		return nil, fmt.Errorf("%d errors loading packages", n)
	}
	var graph *checker.Graph
	if !whole {
		graph, err = checker.Analyze([]*analysis.Analyzer{ctxprop.Analyzer, todoctx.Analyzer}, pkgs, nil)
	} else {
		program := map[string]*ctxprop.Dispatch{}
		for round := 1; ; round++ {
			graph, err = checker.Analyze([]*analysis.Analyzer{ctxprop.WholeProgram(program)}, pkgs, nil)
			if err != nil {
				break
			}
			next := dispatchFacts(graph)
			if reflect.DeepEqual(next, program) || round == maxRounds {
				break
			}
			program = next
		}
	}
	if err != nil {
		return nil, err
	}
	var out []finding
	seen := map[string]bool{} // a file in a package and in its test variant
	for act := range graph.All() {
		if act.Err != nil {
			return nil, fmt.Errorf("%s: %v", act, act.Err)
		}
		if !act.IsRoot {
			continue
		}
		chains := map[string][]ctxprop.Hop{}
		if r, ok := act.Result.(*ctxprop.Result); ok {
			for _, s := range r.Stuck {
				chains[act.Package.Fset.Position(s.Pos).String()] = s.Reach.Path
			}
		}
		for _, d := range act.Diagnostics {
			posn := act.Package.Fset.Position(d.Pos).String()
			if key := act.Analyzer.Name + posn + d.Message; !seen[key] {
				seen[key] = true
				f := finding{analyzer: act.Analyzer.Name, posn: posn, message: d.Message, chain: chains[posn]}
				for _, r := range d.Related {
					f.related = append(f.related, related{act.Package.Fset.Position(r.Pos).String(), r.Message})
				}
				out = append(out, f)
			}
		}
	}
	slices.SortFunc(out, func(a, b finding) int {
		return strings.Compare(a.posn+a.message, b.posn+b.message)
	})
	return out, nil
}

// dispatchFacts collects the Dispatch fact of every package in the graph.
func dispatchFacts(graph *checker.Graph) map[string]*ctxprop.Dispatch {
	out := map[string]*ctxprop.Dispatch{}
	for act := range graph.All() {
		for _, f := range act.AllPackageFacts() {
			if d, ok := f.Fact.(*ctxprop.Dispatch); ok {
				out[f.Package.Path()] = d
			}
		}
	}
	return out
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
