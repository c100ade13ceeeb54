// Command gen writes a synthetic Go module for benchmarking ctxlint (see
// package github.com/ctxlint/ctxlint/bench/synth for what it contains).
//
//	go run ./bench/gen -n 500 -depth 6 -out /tmp/mod
//
// The module requires github.com/ctxlint/ctxlint, replaced by -replace (by
// default the repository gen is run from); it needs no go.sum.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/ctxlint/ctxlint/bench/synth"
)

func main() {
	var c synth.Config
	flag.IntVar(&c.Packages, "n", 100, "number of packages")
	flag.IntVar(&c.Depth, "depth", 6, "depth of the cross-package call chains (packages per chain)")
	flag.IntVar(&c.Cluster, "cluster", 8, "chains per cluster: cross-chain imports stay inside a cluster")
	flag.IntVar(&c.Fillers, "fillers", 8, "non-blocking helper functions per package")
	flag.StringVar(&c.Module, "module", "bench.example/synth", "module path")
	out := flag.String("out", "", "directory to write the module into (required)")
	replace := flag.String("replace", "", "ctxlint repository for the replace directive (default: found from the working directory)")
	flag.Parse()
	if *out == "" || flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	root := *replace
	if root == "" {
		var err error
		if root, err = moduleRoot(); err != nil {
			fmt.Fprintln(os.Stderr, "gen:", err)
			os.Exit(1)
		}
	}
	c.Replace = root
	st, err := synth.Generate(*out, c)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
	fmt.Printf("packages=%d lines=%d funcs=%d literals=%d loops=%d unbounded_loops=%d todos=%d\n",
		st.Packages, st.Lines, st.Funcs, st.Literals, st.Loops, st.Unbounded, st.Todos)
}

// moduleRoot finds the directory of the go.mod of github.com/ctxlint/ctxlint
// at or above the working directory.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && len(data) > 0 && string(firstLine(data)) == "module github.com/ctxlint/ctxlint" {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("not inside the ctxlint repository: pass -replace")
		}
		dir = parent
	}
}

func firstLine(b []byte) []byte {
	for i, c := range b {
		if c == '\n' {
			return b[:i]
		}
	}
	return b
}
