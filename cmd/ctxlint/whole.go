package main

import (
	"flag"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
)

// maxRounds bounds the whole-program fixpoint; each round only adds what
// newly visible implementations reach, so it settles in a few.
const maxRounds = 10

// wholeProgram runs ctxprop over all the packages matching patterns as one
// program: dynamic calls also resolve to implementations in packages the
// calling package does not import. It prints diagnostics as go vet does
// and returns the exit code: 0 clean, 3 findings, 1 failure.
func wholeProgram(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("ctxlint -whole-program", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Bool("whole-program", true, "analyse the packages as one program")
	ctxprop.Analyzer.Flags.VisitAll(func(f *flag.Flag) {
		fs.Var(f.Value, ctxprop.Analyzer.Name+"."+f.Name, f.Usage)
	})
	if err := fs.Parse(args); err != nil {
		return 1
	}
	patterns := fs.Args()
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax}, patterns...)
	if err != nil {
		fmt.Fprintln(stderr, "ctxlint:", err)
		return 1
	}
	if packages.PrintErrors(pkgs) > 0 {
		return 1
	}
	program := map[string]*ctxprop.Dispatch{}
	var graph *checker.Graph
	for round := 1; ; round++ {
		graph, err = checker.Analyze([]*analysis.Analyzer{ctxprop.WholeProgram(program)}, pkgs, nil)
		if err != nil {
			fmt.Fprintln(stderr, "ctxlint:", err)
			return 1
		}
		next := dispatchFacts(graph)
		if reflect.DeepEqual(next, program) || round == maxRounds {
			break
		}
		program = next
	}
	var lines []string
	for act := range graph.All() {
		if act.Err != nil {
			fmt.Fprintf(stderr, "ctxlint: %s: %v\n", act, act.Err)
			return 1
		}
		if !act.IsRoot {
			continue
		}
		for _, d := range act.Diagnostics {
			line := fmt.Sprintf("%s: %s", act.Package.Fset.Position(d.Pos), d.Message)
			for _, r := range d.Related {
				line += fmt.Sprintf("\n%s: \t%s", act.Package.Fset.Position(r.Pos), r.Message)
			}
			lines = append(lines, line)
		}
	}
	slices.Sort(lines)
	lines = slices.Compact(lines) // a file in a package and its test variant
	if len(lines) == 0 {
		return 0
	}
	fmt.Fprintln(stdout, strings.Join(lines, "\n"))
	return 3
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
