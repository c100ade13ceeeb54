package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
	"github.com/ctxlint/ctxlint/rewrite"
)

// fixRequested reports whether the run is "ctxlint -fix", ctxlint's own
// migration, rather than the go vet / go fix protocol (which passes a .cfg
// file and stays per package).
func fixRequested(args []string) bool {
	if isVetUnit(args) {
		return false
	}
	fix := false
	for _, a := range args {
		if a == "-fix" || a == "--fix" || a == "-fix=true" || a == "--fix=true" {
			fix = true
		}
	}
	return fix
}

// fixSummary is the -json form of a run's outcome.
type fixSummary struct {
	Functions int          `json:"functions"`
	Files     []string     `json:"files"`
	Applied   []fixSet     `json:"applied"`
	Planned   int          `json:"planned"`
	Passes    int          `json:"passes"`    // loads and analyses of the program
	Unsettled bool         `json:"unsettled"` // the last pass still changed files: run again
	Refused   []fixRefusal `json:"refused"`
	Diff      string       `json:"diff,omitempty"`
}

type fixSet struct {
	Name  string   `json:"name"`
	Paths []string `json:"paths"`
}

type fixRefusal struct {
	Class  string   `json:"class"`
	Reason string   `json:"reason"`
	Posn   string   `json:"posn"`
	Paths  []string `json:"paths"`
}

// fixCommand is "ctxlint -fix [-diff] [-json] [-fix.todo] [packages]": it
// plans the migration over the packages as one program, applies it in
// memory, verifies that every package still type-checks, and writes (or,
// with -diff, prints) the result. Exit status: 0 nothing to do, 3 changes
// made or pending, 1 failure, 2 usage.
func fixCommand(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("ctxlint -fix", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {}
	fs.Bool("fix", true, "rewrite the packages so that monitored loops pass their health deadline down to every blocking call")
	diff := fs.Bool("diff", false, "print a unified diff and write nothing")
	jsonOut := fs.Bool("json", false, "print the outcome as JSON on stdout")
	todo := fs.Bool("fix.todo", false, "also thread ctx below loops whose ticks carry no deadline, from context.TODO() at the loop")
	timeout := fs.Duration("fix.timeout", 0, "bound each iteration of a monitored loop that receives no health tick (a periodic loop) by this duration, with context.WithTimeout")
	compat := fs.Bool("fix.compat", false, "keep each exported function that gains ctx under its old signature, as a deprecated //go:fix inline wrapper of FContext")
	addTagsFlag(fs)
	cpuprofile := addProfileFlag(fs)
	for _, a := range []*analysis.Analyzer{ctxprop.Analyzer} {
		a.Flags.VisitAll(func(f *flag.Flag) { fs.Var(f.Value, a.Name+"."+f.Name, f.Usage) })
	}
	if err := fs.Parse(args); err == flag.ErrHelp {
		help(stdout)
		return 0
	} else if err != nil {
		fmt.Fprintln(stderr, usageHint)
		return 2
	}
	if *timeout < 0 {
		fmt.Fprintf(stderr, "ctxlint: -fix.timeout=%v: want a positive duration, such as 30s\n", *timeout)
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
	start := time.Now()
	progress := newProgress(stderr)
	progress.say("loading packages")
	res, err := rewrite.Migrate(func() ([]*packages.Package, error) {
		return loadPackages(patterns)
	}, rewrite.Options{Todo: *todo, Timeout: *timeout, Compat: *compat, Progress: progress.say, Tags: tagList()})
	if err != nil {
		fmt.Fprintln(stderr, "ctxlint:", err)
		return 1
	}
	wd, _ := os.Getwd()
	sum := fixSummary{Functions: res.Funcs, Planned: res.Planned, Passes: res.Passes, Unsettled: res.Unsettled, Files: []string{}, Applied: []fixSet{}, Refused: []fixRefusal{}}
	for _, name := range res.Names() {
		sum.Files = append(sum.Files, relTo(wd, name))
	}
	for _, cs := range res.Applied {
		sum.Applied = append(sum.Applied, fixSet{Name: cs.Name, Paths: cs.Paths})
	}
	for _, r := range res.Refusals {
		p := r.Pos
		p.Filename = relTo(wd, p.Filename)
		sum.Refused = append(sum.Refused, fixRefusal{Class: r.Class, Reason: r.Reason, Posn: p.String(), Paths: r.Paths})
	}
	if *diff {
		d, err := res.Diff(wd)
		if err != nil {
			fmt.Fprintln(stderr, "ctxlint:", err)
			return 1
		}
		if *jsonOut {
			sum.Diff = d
		} else {
			fmt.Fprint(stdout, d)
		}
	} else if err := res.Write(); err != nil {
		fmt.Fprintln(stderr, "ctxlint: writing:", err)
		return 1
	}
	progress.done()
	if *jsonOut {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "\t")
		if err := enc.Encode(sum); err != nil {
			fmt.Fprintln(stderr, "ctxlint:", err)
			return 1
		}
	} else {
		verb := "rewrote"
		if *diff {
			verb = "would rewrite"
		}
		fmt.Fprintf(stderr, "ctxlint: %s %d functions in %d files; applied %d of %d change sets; %d refused (%v)\n",
			verb, res.Funcs, len(res.Files), len(res.Applied), res.Planned, len(res.Refusals), time.Since(start).Round(time.Millisecond))
		for _, r := range sum.Refused {
			fmt.Fprintf(stderr, "ctxlint: refused: %s: %s: %s\n", r.Posn, r.Class, r.Reason)
		}
		if res.Unsettled {
			fmt.Fprintf(stderr, "ctxlint: the last of %d passes still found paths to rewrite: run ctxlint -fix again\n", res.Passes)
		}
	}
	if len(res.Files) > 0 {
		return 3
	}
	return 0
}

func relTo(dir, name string) string {
	if rel, err := filepath.Rel(dir, name); err == nil && !filepath.IsAbs(rel) && len(rel) < len(name) {
		return rel
	}
	return name
}

// progress prints what a long run is doing, on a terminal only.
type progress struct {
	w     io.Writer
	tty   bool
	start time.Time
	shown bool
}

func newProgress(w io.Writer) *progress {
	p := &progress{w: w, start: time.Now()}
	if f, ok := w.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			p.tty = true
		}
	}
	return p
}

// say shows the step once the run has taken more than a few seconds.
func (p *progress) say(step string) {
	if p.tty && time.Since(p.start) > 3*time.Second {
		fmt.Fprintf(p.w, "\rctxlint -fix: %s (%v)\x1b[K", step, time.Since(p.start).Round(time.Second))
		p.shown = true
	}
}

func (p *progress) done() {
	if p.shown {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
}
