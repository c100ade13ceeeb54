package todoctx_test

import (
	"os"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/ctxlint/ctxlint/analyzers/todoctx"
	"github.com/ctxlint/ctxlint/bench/passes"
	"github.com/ctxlint/ctxlint/bench/synth"
)

// benchPackages generated packages (bench/synth), loaded once per test
// binary, each with a context.TODO() on a path of a monitored loop or not.
const benchPackages = 24

var bench struct {
	synth    []*packages.Package
	prepared []*passes.Package
}

var loadBenchOnce = sync.OnceValue(loadBenchModule)

func loadBench(b *testing.B) {
	b.Helper()
	if err := loadBenchOnce(); err != nil {
		b.Fatal(err)
	}
}

func loadBenchModule() error {
	dir, err := os.MkdirTemp("", "todoctx-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir) // the analysis reads only the loaded syntax and types
	if _, err := synth.Generate(dir, synth.Config{Packages: benchPackages, Depth: 6, Fillers: 8, Replace: "../.."}); err != nil {
		return err
	}
	pkgs, err := synth.Load(dir, "./p/...")
	if err != nil {
		return err
	}
	// ctxprop, whose result todoctx reads, runs once here.
	prepared, _, err := passes.Prepare([]*analysis.Analyzer{todoctx.Analyzer}, pkgs)
	if err != nil {
		return err
	}
	bench.synth, bench.prepared = pkgs, prepared
	return nil
}

// BenchmarkTodoctx times todoctx's Run alone on the generated packages,
// with the result of ctxprop it reads computed beforehand:
// classification, suggested fixes and the baseline check. ns/func is per
// function declaration or literal, ns/site per context.TODO() reported.
func BenchmarkTodoctx(b *testing.B) {
	loadBench(b)
	funcs := synth.CountFuncs(bench.synth)
	sites := 0
	for b.Loop() {
		sites = 0
		for _, p := range bench.prepared {
			out, err := p.Run(todoctx.Analyzer)
			if err != nil {
				b.Fatal(err)
			}
			sites += len(out.Diagnostics)
		}
	}
	if sites == 0 {
		b.Fatal("todoctx reported no site")
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*funcs), "ns/func")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*sites), "ns/site")
}
