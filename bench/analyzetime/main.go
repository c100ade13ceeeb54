// Command analyzetime times ctxlint's analysis alone on a module: it loads
// the packages once (parsing and type-checking, the floor's work), then
// runs ctxprop and todoctx over them through the checker, several times,
// and prints the median wall time, the time per package and the bytes the
// analysis allocates.
//
//	go run ./bench/analyzetime [-runs 5] [-tests] [-cpuprofile FILE] [-memprofile FILE] DIR
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
	"runtime/pprof"
	"slices"
	"syscall"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
	"github.com/ctxlint/ctxlint/analyzers/todoctx"
	"github.com/ctxlint/ctxlint/bench/synth"
)

func main() {
	runs := flag.Int("runs", 5, "analysis runs (the median is printed)")
	tests := flag.Bool("tests", false, "load the packages' tests too, as the plain ctxlint ./... run does")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile of the analysis runs (not the load) to this file")
	memprofile := flag.String("memprofile", "", "write an allocation profile to this file after the runs (its alloc_space includes the load)")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: analyzetime [-runs N] [-tests] [-cpuprofile FILE] [-memprofile FILE] DIR")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 || *runs < 1 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(flag.Arg(0), *runs, *tests, *cpuprofile, *memprofile); err != nil {
		fmt.Fprintln(os.Stderr, "analyzetime:", err)
		os.Exit(1)
	}
}

func run(dir string, runs int, tests bool, cpuprofile, memprofile string) error {
	// As the driver loads (with module information, which ctxprop reads).
	load := synth.Load
	if tests {
		load = synth.LoadTests
	}
	pkgs, err := load(dir, "./...")
	if err != nil {
		return err
	}
	if cpuprofile != "" {
		f, err := os.Create(cpuprofile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	analyzers := []*analysis.Analyzer{ctxprop.Analyzer, todoctx.Analyzer}
	var walls, cpus []time.Duration
	var alloc uint64
	for range runs {
		runtime.GC()
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		start, cpu0 := time.Now(), cpuTime()
		graph, err := checker.Analyze(analyzers, pkgs, nil)
		if err != nil {
			return err
		}
		walls = append(walls, time.Since(start))
		cpus = append(cpus, cpuTime()-cpu0)
		runtime.ReadMemStats(&after)
		alloc = after.TotalAlloc - before.TotalAlloc
		for act := range graph.All() {
			if act.Err != nil {
				return fmt.Errorf("%s: %v", act, act.Err)
			}
		}
	}
	if memprofile != "" {
		f, err := os.Create(memprofile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
			return err
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
	// CPU time varies less than wall time on a shared machine: another
	// process's load slows the run but adds no CPU time to it.
	slices.Sort(cpus)
	fmt.Printf("; CPU (user+system) median %.3f s\n", cpus[len(cpus)/2].Seconds())
	return nil
}

// cpuTime is the CPU time the process has used, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
