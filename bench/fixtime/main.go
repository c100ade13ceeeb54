// Command fixtime times the stages of ctxlint -fix on a module: the same
// passes as rewrite.Migrate (load with the files rewritten so far as an
// overlay, call graph and whole-program rounds, stuck paths, plan, apply
// and type-check in memory; again until a pass changes nothing), each
// stage timed, and the diff at the end. It writes nothing.
//
//	go run ./bench/fixtime [-cpuprofile FILE] DIR
//
// bench/run.sh times whole runs of ctxlint -fix -diff against the floor;
// this says where that time goes. Analyze is the call graph, the
// whole-program rounds and the stuck paths: run with CTXLINT_DEBUG=timing,
// the call graph and each round print their own time on stderr. The loop is a copy of rewrite.Migrate's
// (it cannot be timed from outside); the last line repeats ctxlint's
// summary, so that a copy that drifted from Migrate shows as a different
// count. Apply is also timed alone once per pass: Execute is that apply
// (again for each round that drops a set) plus the type-check.
package main

import (
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strings"
	"time"

	"golang.org/x/tools/go/packages"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
	"github.com/ctxlint/ctxlint/internal/wholeprog"
	"github.com/ctxlint/ctxlint/rewrite"
)

// maxPasses is rewrite.Migrate's.
const maxPasses = 5

func main() {
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile of the whole run to `file`")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: fixtime [-cpuprofile FILE] DIR")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			fmt.Fprintln(os.Stderr, "fixtime:", err)
			os.Exit(1)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(os.Stderr, "fixtime:", err)
			os.Exit(1)
		}
		defer f.Close()
		defer pprof.StopCPUProfile()
	}
	if err := run(flag.Arg(0)); err != nil {
		pprof.StopCPUProfile()
		fmt.Fprintln(os.Stderr, "fixtime:", err)
		os.Exit(1)
	}
}

// stage times f and prints its wall time and the bytes it allocated.
func stage(line *strings.Builder, name string, f func() error) error {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	err := f()
	d := time.Since(start)
	runtime.ReadMemStats(&after)
	fmt.Fprintf(line, " %s %.2fs/%dMB", name, d.Seconds(), (after.TotalAlloc-before.TotalAlloc)>>20)
	return err
}

func run(dir string) error {
	start := time.Now()
	total := &rewrite.Result{Files: map[string][]byte{}, Old: map[string][]byte{}}
	overlay := map[string][]byte{}
	var sums []string
	for pass := 1; pass <= maxPasses; pass++ {
		var line strings.Builder
		passStart := time.Now()
		var pkgs []*packages.Package
		err := stage(&line, "load", func() error {
			// As cmd/ctxlint's loadOverlay.
			cfg := &packages.Config{Mode: packages.LoadAllSyntax | packages.NeedModule, Tests: true, Dir: dir, Overlay: overlay}
			var err error
			pkgs, err = packages.Load(cfg, "./...")
			if err == nil && packages.PrintErrors(pkgs) > 0 {
				err = fmt.Errorf("errors loading packages")
			}
			return err
		})
		if err != nil {
			return err
		}
		var stuck []ctxprop.Stuck
		err = stage(&line, "analyze", func() error {
			graph, err := wholeprog.Analyze(pkgs)
			if err != nil {
				return err
			}
			stuck, err = wholeprog.Stuck(graph)
			return err
		})
		if err != nil {
			return err
		}
		var plan *rewrite.Plan
		opts := rewrite.Options{Overlay: overlay}
		if err := stage(&line, "plan", func() error { plan = rewrite.Build(pkgs, stuck, opts); return nil }); err != nil {
			return err
		}
		if err := stage(&line, "apply1", func() error { _, _, err := plan.Apply(plan.Sets); return err }); err != nil {
			return err
		}
		var res *rewrite.Result
		if err := stage(&line, "execute", func() error { var err error; res, err = plan.Execute(); return err }); err != nil {
			return err
		}
		fmt.Printf("pass %d: %.2fs:%s; %d paths, %d sets planned, %d applied, %d files changed\n",
			pass, time.Since(passStart).Seconds(), line.String(), len(stuck), res.Planned, len(res.Applied), len(res.Files))
		total.Applied = append(total.Applied, res.Applied...)
		total.Funcs += res.Funcs
		total.Planned += res.Planned
		total.Refusals = res.Refusals
		for name, src := range res.Files {
			if _, ok := total.Old[name]; !ok {
				total.Old[name] = res.Old[name]
			}
			total.Files[name] = src
		}
		sums = append(sums, fmt.Sprint(len(res.Files)))
		if len(res.Files) == 0 {
			break
		}
		maps.Copy(overlay, res.Files)
	}
	var line strings.Builder
	var d string
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	if err := stage(&line, "diff", func() error { var err error; d, err = total.Diff(abs); return err }); err != nil {
		return err
	}
	fmt.Printf("diff:%s; %d lines\n", line.String(), strings.Count(d, "\n"))
	fmt.Printf("total %.2fs (files changed per pass: %s): would rewrite %d functions in %d files; applied %d of %d change sets; %d refused\n",
		time.Since(start).Seconds(), strings.Join(sums, ", "), total.Funcs, len(total.Files), len(total.Applied), total.Planned, len(total.Refusals))
	return nil
}
