package ctxprop_test

import (
	"bytes"
	"encoding/gob"
	"fmt"
	"go/types"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/types/objectpath"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
	"github.com/ctxlint/ctxlint/bench/passes"
	"github.com/ctxlint/ctxlint/bench/synth"
)

// The benchmarks share one generated module (bench/synth), loaded once per
// test binary: benchChains call chains of benchDepth packages, and path
// lattices of depth 8, 32 and 128. Loading it (the standard library from
// source included) takes most of a -benchtime=1x run.
const (
	benchChains = 10
	benchDepth  = 6
	benchWidth  = 4 // functions per level of a path lattice
)

var benchPathDepths = []int{8, 32, 128}

var bench struct {
	synth    []*packages.Package // the generated packages, in order
	prepared []*passes.Package   // the same, with their dependencies' facts
	paths    map[int]*passes.Package
}

var loadBenchOnce = sync.OnceValue(loadBenchModule)

func loadBench(b *testing.B) {
	b.Helper()
	if err := loadBenchOnce(); err != nil {
		b.Fatal(err)
	}
}

func loadBenchModule() error {
	dir, err := os.MkdirTemp("", "ctxprop-bench-")
	if err != nil {
		return err
	}
	// The analysis reads only the loaded syntax and types: the files can go.
	defer os.RemoveAll(dir)
	cfg := synth.Config{Packages: benchChains * benchDepth, Depth: benchDepth, Fillers: 8, Replace: "../.."}
	if _, err := synth.Generate(dir, cfg); err != nil {
		return err
	}
	for _, d := range benchPathDepths {
		if err := synth.WritePathPackage(dir, fmt.Sprintf("paths%d", d), d, benchWidth); err != nil {
			return err
		}
	}
	pkgs, err := synth.Load(dir, "./...")
	if err != nil {
		return err
	}
	var paths []*packages.Package
	for _, p := range pkgs {
		switch {
		case strings.Contains(p.PkgPath, "/p/p"):
			bench.synth = append(bench.synth, p)
		case strings.Contains(p.PkgPath, "/paths"):
			paths = append(paths, p)
		}
	}
	if len(bench.synth) != cfg.Packages || len(paths) != len(benchPathDepths) {
		return fmt.Errorf("loaded %d generated packages and %d lattices", len(bench.synth), len(paths))
	}
	roots := append(slices.Clone(bench.synth), paths...)
	prepared, _, err := passes.Prepare([]*analysis.Analyzer{ctxprop.Analyzer}, roots)
	if err != nil {
		return err
	}
	bench.prepared = prepared[:len(bench.synth)]
	bench.paths = map[int]*passes.Package{}
	for _, p := range prepared[len(bench.synth):] {
		var d int
		fmt.Sscanf(p.Pkg.Name, "paths%d", &d)
		bench.paths[d] = p
	}
	return nil
}

func runCtxprop(b *testing.B, p *passes.Package) *passes.Outcome {
	out, err := p.Run(ctxprop.Analyzer)
	if err != nil {
		b.Fatal(err)
	}
	return out
}

// BenchmarkSummaries times ctxprop's Run alone on n generated packages, one
// after the other, with their dependencies' facts ready: the summary of
// every function, the roots, the reports and the facts, without loading,
// type-checking or the driver. ns/func is per function declaration or
// literal of the n packages.
func BenchmarkSummaries(b *testing.B) {
	loadBench(b)
	for _, n := range []int{benchDepth * 2, benchDepth * benchChains} {
		b.Run(fmt.Sprintf("pkgs=%d", n), func(b *testing.B) {
			ps := bench.prepared[:n]
			funcs := synth.CountFuncs(bench.synth[:n])
			for b.Loop() {
				for _, p := range ps {
					runCtxprop(b, p)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*funcs), "ns/func")
			b.ReportMetric(float64(funcs), "funcs")
		})
	}
}

// BenchmarkPathSearch times ctxprop's Run on a lattice of depth levels of
// 4 functions in which every function reaches the 4 sinks by 2^depth paths
// of the same length, through cycles: the fixpoint that keeps the best path
// per sink. ns/func is per function of the lattice; reports checks that the
// loop was found (one report per sink).
func BenchmarkPathSearch(b *testing.B) {
	loadBench(b)
	for _, d := range benchPathDepths {
		b.Run(fmt.Sprintf("depth=%d", d), func(b *testing.B) {
			p := bench.paths[d]
			funcs := synth.CountFuncs([]*packages.Package{p.Pkg})
			var out *passes.Outcome
			for b.Loop() {
				out = runCtxprop(b, p)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*funcs), "ns/func")
			b.ReportMetric(float64(len(out.Diagnostics)), "reports")
		})
	}
}

// gobFact is how unitchecker (internal/facts) writes a fact to a .vetx file.
type gobFact struct {
	PkgPath string
	Object  objectpath.Path
	Fact    analysis.Fact
}

var registerFacts = sync.OnceFunc(func() {
	gob.Register(new(ctxprop.Summary))
	gob.Register(new(ctxprop.Dispatch))
})

// BenchmarkFactSize gob-encodes the facts ctxprop exports for each of the
// generated packages, as unitchecker encodes a package's facts under go
// vet. B/pkg counts a package's own Summary and Dispatch facts;
// vetxB/pkg adds the facts unitchecker re-exports from dependencies (those
// on methods, fields and types: a package's .vetx carries its
// dependencies' method summaries along). ns/op is the encoding.
func BenchmarkFactSize(b *testing.B) {
	loadBench(b)
	registerFacts()
	var own, vetx [][]gobFact
	nOwn := 0
	for _, p := range bench.prepared {
		out := runCtxprop(b, p)
		var mine []gobFact
		for _, f := range out.ObjectFacts {
			path, err := objectpath.For(f.Object)
			if err != nil {
				continue // not reachable from the package's API: not written
			}
			mine = append(mine, gobFact{f.Object.Pkg().Path(), path, f.Fact})
		}
		for _, f := range out.PackageFacts {
			mine = append(mine, gobFact{p.Pkg.PkgPath, "", f})
		}
		nOwn += len(mine)
		all := slices.Clone(mine)
		for _, f := range importedFacts(b, p) {
			obj := f.Object
			if _, isType := obj.(*types.TypeName); !isType && obj.Parent() == obj.Pkg().Scope() {
				continue // a package-level function: read from its own package's file
			}
			if path, err := objectpath.For(obj); err == nil {
				all = append(all, gobFact{obj.Pkg().Path(), path, f.Fact})
			}
		}
		own = append(own, mine)
		vetx = append(vetx, all)
	}
	encode := func(facts []gobFact) int {
		var buf bytes.Buffer
		if err := gob.NewEncoder(&buf).Encode(facts); err != nil {
			b.Fatal(err)
		}
		return buf.Len()
	}
	var ownBytes, vetxBytes int
	for b.Loop() {
		ownBytes, vetxBytes = 0, 0
		for i := range own {
			ownBytes += encode(own[i])
			vetxBytes += encode(vetx[i])
		}
	}
	n := float64(len(own))
	b.ReportMetric(float64(ownBytes)/n, "B/pkg")
	b.ReportMetric(float64(vetxBytes)/n, "vetxB/pkg")
	b.ReportMetric(float64(nOwn)/n, "facts/pkg")
}

// importedFacts returns the object facts p sees from its dependencies.
func importedFacts(b *testing.B, p *passes.Package) []analysis.ObjectFact {
	var got []analysis.ObjectFact
	probe := &analysis.Analyzer{
		Name:      "probe",
		Doc:       "probe: lists the facts a pass sees",
		FactTypes: ctxprop.Analyzer.FactTypes,
		Run: func(pass *analysis.Pass) (any, error) {
			for _, f := range pass.AllObjectFacts() {
				if f.Object.Pkg() != pass.Pkg {
					got = append(got, f)
				}
			}
			return nil, nil
		},
	}
	if _, err := p.Run(probe); err != nil {
		b.Fatal(err)
	}
	return got
}

// noop is the driver's floor: it has a fact type, so the checker runs it on
// every dependency as it runs ctxprop.
var noop = &analysis.Analyzer{
	Name:      "noop",
	Doc:       "noop: does nothing",
	FactTypes: []analysis.Fact{new(noFact)},
	Run:       func(*analysis.Pass) (any, error) { return nil, nil },
}

type noFact struct{ Unused bool }

func (*noFact) AFact() {}

// BenchmarkChecker times the in-process driver (go/analysis/checker) over
// the generated packages and all their dependencies, standard library
// included, loaded beforehand: with ctxprop, and with the no-op analyzer
// (the driver alone). ns/func is per function of the
// generated packages.
func BenchmarkChecker(b *testing.B) {
	loadBench(b)
	funcs := synth.CountFuncs(bench.synth)
	for _, a := range []*analysis.Analyzer{noop, ctxprop.Analyzer} {
		b.Run("analyzer="+a.Name, func(b *testing.B) {
			for b.Loop() {
				graph, err := checker.Analyze([]*analysis.Analyzer{a}, bench.synth, nil)
				if err != nil {
					b.Fatal(err)
				}
				for act := range graph.All() {
					if act.Err != nil {
						b.Fatal(act.Err)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*funcs), "ns/func")
		})
	}
}
