// Command fixtime runs ctxlint -fix's migration (rewrite.Migrate) on a
// module in memory, with its stages timed (CTXLINT_DEBUG=timing prints a
// line per pass: load, analysis, plan, apply and type-check; and the call
// graph and whole-program rounds their own) and, with -cpuprofile, a CPU
// profile of the whole run. It writes nothing.
//
//	CTXLINT_DEBUG=timing go run ./bench/fixtime [-cpuprofile FILE] DIR
//
// bench/run.sh times whole runs of ctxlint -fix -diff against the floor;
// this says where that time goes. The last line is ctxlint's summary.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime/pprof"
	"strings"
	"time"

	"golang.org/x/tools/go/packages"

	"github.com/ctxlint/ctxlint/rewrite"
)

func main() {
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile to this file")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: fixtime [-cpuprofile FILE] DIR")
		os.Exit(2)
	}
	dir, err := filepath.Abs(flag.Arg(0))
	if err != nil {
		fail(err)
	}
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			fail(err)
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			fail(err)
		}
		defer pprof.StopCPUProfile()
	}
	start := time.Now()
	os.Setenv("CTXLINT_DEBUG", "timing")
	res, err := rewrite.Migrate(func() ([]*packages.Package, error) {
		cfg := &packages.Config{Dir: dir, Mode: rewrite.LoadMode, Tests: true}
		pkgs, err := packages.Load(cfg, "./...")
		if err == nil && packages.PrintErrors(pkgs) > 0 {
			err = fmt.Errorf("errors loading %s", dir)
		}
		return pkgs, err
	}, rewrite.Options{})
	if err != nil {
		fail(err)
	}
	t := time.Now()
	d, err := res.Diff(dir)
	if err != nil {
		fail(err)
	}
	fmt.Printf("diff: %.2fs; %d lines\n", time.Since(t).Seconds(), strings.Count(d, "\n"))
	fmt.Printf("total %.2fs: would rewrite %d functions in %d files; applied %d of %d change sets; %d refused\n",
		time.Since(start).Seconds(), res.Funcs, len(res.Files), len(res.Applied), res.Planned, len(res.Refusals))
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "fixtime:", err)
	os.Exit(1)
}
