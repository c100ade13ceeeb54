package main

import (
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"
)

func TestIsVetUnit(t *testing.T) {
	for _, args := range [][]string{{"/tmp/b001/vet.cfg"}, {"-json", "-ctxprop.async", "x/vet.cfg"}} {
		if !isVetUnit(args) {
			t.Errorf("isVetUnit(%q) = false, want true", args)
		}
	}
	for _, args := range [][]string{{"./..."}, {"-fix", "./..."}, {"-V=full"}} {
		if isVetUnit(args) {
			t.Errorf("isVetUnit(%q) = true, want false", args)
		}
	}
}

// TestStartingHeap runs in a child process of its own: the collector's
// settings are the process's.
func TestStartingHeap(t *testing.T) {
	if os.Getenv("CTXLINT_STARTING_HEAP") == "child" {
		startingHeapChild(t)
		return
	}
	for _, env := range []string{"", "GOGC=50"} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestStartingHeap$", "-test.v")
		// The limit counts the runtime's memory too, which grows with
		// GOMAXPROCS: two, as in a go vet unit on a small machine.
		cmd.Env = append(os.Environ(), "CTXLINT_STARTING_HEAP=child", "GOGC=", "GOMEMLIMIT=", "GOMAXPROCS=2")
		want := "PASS: TestStartingHeap"
		if env != "" {
			cmd.Env = append(cmd.Env, env)
			want = "SKIP: TestStartingHeap" // the user's GOGC wins
		}
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), want) {
			t.Errorf("child with %q: %v, want %q in\n%s", env, err, want, out)
		}
	}
}

var keep [][]byte

func startingHeapChild(t *testing.T) {
	if os.Getenv("GOGC") != "" {
		startingHeap(vetUnitHeap)
		if old := debug.SetGCPercent(50); old != 50 {
			t.Fatalf("GOGC=50 set, startingHeap changed it to %d", old)
		}
		t.Skip("GOGC set: left as it is")
	}
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	gcs := ms.NumGC
	startingHeap(vetUnitHeap)
	for range 8 { // 8 MB, live: well below the limit with the runtime's own
		keep = append(keep, make([]byte, 1<<20))
	}
	runtime.ReadMemStats(&ms)
	if ms.NumGC != gcs {
		t.Fatalf("%d collections with 8 MB of heap, want none below %d MB", ms.NumGC-gcs, vetUnitHeap>>20)
	}
	for i := 0; ms.NumGC == gcs; i++ {
		if i == 256 {
			t.Fatalf("no collection after 256 MB allocated")
		}
		keep[i%len(keep)] = make([]byte, 1<<20)
		runtime.ReadMemStats(&ms)
	}
	// The cleanup runs on its own goroutine after the first collection.
	deadline := time.Now().Add(10 * time.Second)
	for {
		old := debug.SetGCPercent(100)
		if old == 100 && debug.SetMemoryLimit(-1) == int64(^uint64(0)>>1) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("after the first collection: GOGC %d, want 100 and no memory limit", old)
		}
		debug.SetGCPercent(old)
		time.Sleep(10 * time.Millisecond)
	}
}
