package main

import (
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
)

// vetUnitHeap is the memory (the heap and the runtime's own) a go vet
// unit may use before its first collection.
const vetUnitHeap = 32 << 20

// isVetUnit reports whether the run is one unit of go vet or go fix: an
// argument names the .cfg file the go command wrote for one package. (A
// package pattern never ends in .cfg.)
func isVetUnit(args []string) bool {
	return slices.ContainsFunc(args, func(a string) bool { return filepath.Ext(a) == ".cfg" })
}

// startingHeap lets the process's Go memory grow to n bytes before the
// first collection, as cmd/compile does for the same reason: go vet runs
// one short process per package, whose heap grows from nothing to a few
// megabytes, and the runtime's 4 MB starting goal collects once on the way
// (its mark workers take the CPU the other units run on). After the first
// collection, if any, the usual pacing (GOGC=100) applies, so a large
// package costs no more memory than before. GOGC or GOMEMLIMIT set by the user win.
func startingHeap(n int64) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(n)
	// The sentinel is unreachable from the start: the first collection
	// queues its cleanup, which restores the defaults.
	sentinel := new([2]*int)
	runtime.AddCleanup(sentinel, func(struct{}) {
		debug.SetGCPercent(100)
		debug.SetMemoryLimit(math.MaxInt64)
	}, struct{}{})
}
