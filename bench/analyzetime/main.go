// Command analyzetime times ctxlint's analysis alone on a module: it loads
// the packages once (parsing and type-checking, the floor's work), then
// runs ctxprop and todoctx over them through the checker, several times,
// and prints the median wall time, the time per package and the bytes the
// analysis allocates.
//
//	go run ./bench/analyzetime -runs 5 DIR
//
// bench/run.sh times whole runs against the floor; at 2,000 packages the
// load alone varies by a second between runs on a shared machine, more
// than ctxlint adds. This isolates ctxlint's part. Each run starts after a
// garbage collection, so that a collection left over from loading does not
// land in it.
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"slices"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
	"github.com/ctxlint/ctxlint/analyzers/todoctx"
	"github.com/ctxlint/ctxlint/bench/synth"
)

func main() {
	runs := flag.Int("runs", 5, "analysis runs (the median is printed)")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: analyzetime [-runs N] DIR")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 || *runs < 1 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(flag.Arg(0), *runs); err != nil {
		fmt.Fprintln(os.Stderr, "analyzetime:", err)
		os.Exit(1)
	}
}

func run(dir string, runs int) error {
	// As the driver loads (with module information, which ctxprop reads).
	pkgs, err := synth.Load(dir, "./...")
	if err != nil {
		return err
	}
	analyzers := []*analysis.Analyzer{ctxprop.Analyzer, todoctx.Analyzer}
	var walls []time.Duration
	var alloc uint64
	for range runs {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		start := time.Now()
		graph, err := checker.Analyze(analyzers, pkgs, nil)
		if err != nil {
			return err
		}
		walls = append(walls, time.Since(start))
		runtime.ReadMemStats(&after)
		alloc = after.TotalAlloc - before.TotalAlloc
		for act := range graph.All() {
			if act.Err != nil {
				return fmt.Errorf("%s: %v", act, act.Err)
			}
		}
	}
	sorted := slices.Clone(walls)
	slices.Sort(sorted)
	median := sorted[len(sorted)/2]
	fmt.Printf("analysis of %d packages (GOMAXPROCS %d): median %.3f s, min %.3f s, %.3f ms/package, %d MB allocated per run; runs:",
		len(pkgs), runtime.GOMAXPROCS(0), median.Seconds(), sorted[0].Seconds(),
		float64(median.Microseconds())/1000/float64(len(pkgs)), alloc>>20)
	for _, w := range walls {
		fmt.Printf(" %.3f", w.Seconds())
	}
	fmt.Println()
	return nil
}
