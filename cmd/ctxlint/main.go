// Command ctxlint runs ctxlint's analyzers, ctxprop and todoctx.
//
//	ctxlint [flags] packages                  report, as go vet does (see ctxlint help)
//	go vet -vettool=$(which ctxlint) ./...    the same, through go vet
//	go fix -fixtool=$(which ctxlint) ./...    apply the suggested fixes
//	ctxlint -whole-program packages           ctxprop over the packages as one program
//	ctxlint -sarif FILE packages              also write SARIF 2.1.0 (or -format=sarif)
//	ctxlint -chokepoints packages             the functions on the most stuck paths
//	ctxlint todo [flags] packages             the context.TODO() inventory
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
	"github.com/ctxlint/ctxlint/analyzers/todoctx"
)

func main() {
	args := os.Args[1:]
	if len(args) > 0 && args[0] == "todo" {
		os.Exit(todoCommand(args[1:], os.Stdout, os.Stderr))
	}
	if slices.Equal(args, []string{"help"}) || slices.ContainsFunc(args, helpFlag) {
		help(os.Stdout)
		os.Exit(0)
	}
	if fixRequested(args) {
		os.Exit(fixCommand(args, os.Stdout, os.Stderr))
	}
	if slices.ContainsFunc(args, ownDriverFlag) {
		os.Exit(standalone(args, os.Stdout, os.Stderr))
	}
	// Plain runs, -json, -fix, -diff, the go vet / go fix protocol, and
	// "ctxlint help NAME".
	flag.Usage = func() { fmt.Fprintln(os.Stderr, usageHint) }
	if err := plainTags(args); err != nil {
		fmt.Fprintln(os.Stderr, "ctxlint:", err)
		os.Exit(1)
	}
	if isVetUnit(args) {
		startingHeap(vetUnitHeap)
	}
	multichecker.Main(ctxprop.Analyzer, todoctx.Analyzer)
}

// usageHint follows a usage error.
const usageHint = `usage: ctxlint [flags] [packages]; "ctxlint help" lists the flags`

// ownDriverFlag reports the flags only ctxlint's own driver handles.
func ownDriverFlag(arg string) bool {
	name, _, _ := strings.Cut(strings.TrimLeft(arg, "-"), "=")
	return strings.HasPrefix(arg, "-") && (name == "whole-program" || name == "sarif" || name == "format" || name == "chokepoints")
}

// helpFlag reports -h, -help and --help.
func helpFlag(arg string) bool {
	return arg == "-h" || arg == "--h" || arg == "-help" || arg == "--help"
}

// help is what "ctxlint help" and "ctxlint -h" print.
func help(w io.Writer) {
	fmt.Fprint(w, `ctxlint finds the calls that make Kubernetes liveness probes flap: the
remote or blocking calls a health-monitored loop can reach without the
deadline of its health tick, and the context.TODO() the migration to such
deadlines leaves behind.

Usage:

  ctxlint [flags] [packages]        report the findings (exit status 3 if any)
  ctxlint -fix [-diff] [-json] [-fix.todo] [-fix.timeout D] [-fix.compat] [packages]
                                    the migration: thread each monitored loop's
                                    health deadline down to every blocking call
                                    it reaches, across packages (exit status 0
                                    nothing to do, 3 changed or pending, 1 failure)

Subcommands:

  ctxlint todo [-format text|json|markdown] [-write-baseline FILE] [-background] [packages]
                                    the context.TODO() inventory of the whole
                                    program, by package and category (ctxlint todo -h)
  ctxlint help [ctxprop|todoctx]    this, or an analyzer's documentation and flags

Analyzers (all run by default; ctxlint help ctxprop, ctxlint help todoctx):

`)
	for _, a := range []*analysis.Analyzer{ctxprop.Analyzer, todoctx.Analyzer} {
		short, _, _ := strings.Cut(a.Doc, "\n")
		fmt.Fprintf(w, "  %s  %s\n", a.Name, short)
	}
	fmt.Fprint(w, `
Modes:

  standalone      ctxlint [flags] ./...
  go vet          go vet -vettool=$(which ctxlint) [analyzer flags] ./...
  go fix          go fix -fixtool=$(which ctxlint) ./...  (the per-package
                  suggested fixes only; ctxlint -fix does the migration)
  golangci-lint   the module plugins ctxprop and todoctx in
                  github.com/ctxlint/ctxlint/plugin (see .custom-gcl.yml and
                  the README: set issues.uniq-by-line: false)

Flags of the standalone mode:

  -whole-program       analyse the packages as one program: ctxprop sees
                       implementations in packages the loop's package does not
                       import (todoctx runs per package, with its paths)
  -sarif FILE          also write the findings as SARIF 2.1.0 to FILE
  -format text|sarif   output on stdout (default text)
  -json                print the findings as JSON (x/tools' shape)
  -chokepoints         print, in place of the findings, the functions on
                       ctxprop's stuck paths, those on the most paths first,
                       each with its loops and sinks: where one context
                       parameter bounds the most paths (with -json, as JSON;
                       with -whole-program, the program's paths; exit 0)
  -fix                 the migration, over the packages as one program: new
                       ctx parameters, their callers, interfaces with every
                       implementation, func types with what is assigned to
                       them, loops that derive ctx from the tick, sinks in
                       their context form; verified to type-check before
                       anything is written (atomically)
  -diff                with -fix, print a unified diff and write nothing
  -fix.todo            with -fix, also thread ctx below loops whose ticks
                       carry no deadline, from context.TODO()
  -fix.timeout D       with -fix, bound each iteration of a monitored loop
                       that receives no health tick (a periodic loop of an
                       agent without a health runtime) by D:
                       ctx, cancel := context.WithTimeout(parent, D);
                       //ctxlint:monitored timeout=EXPR sets one loop's
                       (EXPR in scope at the loop, e.g. its interval)
  -fix.compat          with -fix, keep each exported function that gains ctx
                       under its old signature, as a deprecated wrapper
                       (//go:fix inline) of its new form FContext
  -tags a,b            build tags for loading the packages (own driver, -fix,
                       ctxlint todo)
  -cpuprofile FILE     write a CPU profile of the run to FILE
  -c N                 show N lines of context around each finding
  -test=false          leave test files out

-whole-program, -chokepoints, -sarif and -format run ctxlint's own driver, which takes
-json (the same schema) but not -c or -test.

The plain mode (x/tools) cannot honour -tags and refuses it: set
GOFLAGS=-tags=a,b instead (ctxlint reads it in every mode), or add
-format=text. Under go vet / go fix, pass -tags to the go command.

The analyzers' flags, in every mode (go vet passes them through):

`)
	fs := flag.NewFlagSet("ctxlint", flag.ContinueOnError)
	for _, a := range []*analysis.Analyzer{ctxprop.Analyzer, todoctx.Analyzer} {
		a.Flags.VisitAll(func(f *flag.Flag) { fs.Var(f.Value, a.Name+"."+f.Name, f.Usage) })
	}
	fs.SetOutput(w)
	fs.PrintDefaults()
	fmt.Fprint(w, `
Exit status: 0 no findings, 3 findings (1 under go vet), 1 failure, 2 usage.
`)
}
