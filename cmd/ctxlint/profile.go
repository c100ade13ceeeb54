package main

import (
	"flag"
	"fmt"
	"os"
	"runtime/pprof"
)

// addProfileFlag defines -cpuprofile on fs, for the modes that run
// ctxlint's own driver; the plain mode has x/tools' flag of that name.
func addProfileFlag(fs *flag.FlagSet) *string {
	return fs.String("cpuprofile", "", "write a CPU profile of the run to this file")
}

// startProfile starts the CPU profile -cpuprofile asks for, if any; stop
// ends it and closes the file.
func startProfile(path string) (stop func(), err error) {
	if path == "" {
		return func() {}, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("-cpuprofile: %v", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("-cpuprofile: %v", err)
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, nil
}
