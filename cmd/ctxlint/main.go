// Command ctxlint runs ctxlint's analyzers, ctxprop and todoctx.
//
//	ctxlint [flags] packages                  report, as go vet does (see ctxlint help)
//	go vet -vettool=$(which ctxlint) ./...    the same, through go vet
//	go fix -fixtool=$(which ctxlint) ./...    apply the suggested fixes
//	ctxlint -whole-program packages           ctxprop over the packages as one program
//	ctxlint -sarif FILE packages              also write SARIF 2.1.0 (or -format=sarif)
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
	if slices.ContainsFunc(args, ownDriverFlag) {
		os.Exit(standalone(args, os.Stdout, os.Stderr))
	}
	// Plain runs, -json, -fix, -diff, the go vet / go fix protocol, and
	// "ctxlint help NAME".
	flag.Usage = func() { fmt.Fprintln(os.Stderr, usageHint) }
	multichecker.Main(ctxprop.Analyzer, todoctx.Analyzer)
}

// usageHint follows a usage error.
const usageHint = `usage: ctxlint [flags] [packages]; "ctxlint help" lists the flags`

// ownDriverFlag reports the flags only ctxlint's own driver handles.
func ownDriverFlag(arg string) bool {
	name, _, _ := strings.Cut(strings.TrimLeft(arg, "-"), "=")
	return strings.HasPrefix(arg, "-") && (name == "whole-program" || name == "sarif" || name == "format")
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
  go fix          go fix -fixtool=$(which ctxlint) ./...  (applies the suggested fixes)
  golangci-lint   the module plugins ctxprop and todoctx in
                  github.com/ctxlint/ctxlint/plugin (see .custom-gcl.yml and
                  the README: set issues.uniq-by-line: false)

Flags of the standalone mode:

  -whole-program       analyse the packages as one program: ctxprop sees
                       implementations in packages the loop's package does not
                       import (todoctx still runs per package)
  -sarif FILE          also write the findings as SARIF 2.1.0 to FILE
  -format text|sarif   output on stdout (default text)
  -json                print the findings as JSON (x/tools' shape)
  -fix, -diff          apply the suggested fixes; with -diff, print them instead
  -c N                 show N lines of context around each finding
  -test=false          leave test files out

-whole-program, -sarif and -format run ctxlint's own driver, which takes
-json (the same schema) but not -fix, -diff, -c or -test.

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
