package health

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"testing/synctest"
)

// startedBy counts the live goroutines that the function creator (a
// fully qualified name, as stack traces print it) started from the calling
// goroutine. Unlike runtime.NumGoroutine it ignores what other tests and the
// runtime start and end meanwhile, so a leak check built on it cannot flake
// under a loaded test process.
func startedBy(creator string) int {
	stacks := allStacks()
	self := goroutineID(stacks[0]) // runtime.Stack puts the caller first
	want := fmt.Sprintf("created by %s in goroutine %s", creator, self)
	n := 0
	for _, s := range stacks[1:] {
		for line := range strings.Lines(s) {
			if strings.TrimSpace(line) == want {
				n++
				break
			}
		}
	}
	return n
}

// allStacks returns one stack trace per goroutine, the caller's first.
func allStacks() []string {
	buf := make([]byte, 1<<16)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			return strings.Split(string(bytes.TrimSpace(buf[:n])), "\n\n")
		}
		buf = make([]byte, 2*len(buf))
	}
}

// goroutineID reads N from a trace's header "goroutine N [state]:".
func goroutineID(stack string) string {
	id, _, _ := strings.Cut(strings.TrimPrefix(stack, "goroutine "), " ")
	return id
}

const newCatalogFunc = "github.com/ctxlint/ctxlint/runtime/health.NewCatalog"

// TestStartedBySeesALeak checks the checker: it must count a goroutine left
// running, and stop counting it once it ends, or leak tests built on it
// could pass having seen nothing.
func TestStartedBySeesALeak(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		stop := make(chan struct{})
		leak(stop)
		synctest.Wait()
		if n := startedBy(leakFunc); n != 1 {
			t.Fatalf("startedBy(leak) = %d with one goroutine left running, want 1", n)
		}
		close(stop)
		synctest.Wait()
		if n := startedBy(leakFunc); n != 0 {
			t.Errorf("startedBy(leak) = %d after it ended, want 0", n)
		}
	})
}

const leakFunc = "github.com/ctxlint/ctxlint/runtime/health.leak"

//go:noinline
func leak(stop chan struct{}) { go func() { <-stop }() }

// TestCloseEndsCatalogGoroutines: the catalog's goroutines run until Close
// and not after it.
func TestCloseEndsCatalogGoroutines(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := NewCatalog()
		c.RegisterLiveness("a")
		synctest.Wait()
		if n := startedBy(newCatalogFunc); n != 2 {
			t.Fatalf("%d goroutines of the catalog before Close, want 2 (checker and reporter)", n)
		}
		c.Close()
		synctest.Wait() // a goroutine past close(done) may still be returning
		if n := startedBy(newCatalogFunc); n != 0 {
			t.Errorf("%d goroutines of the catalog left after Close:\n%s", n, strings.Join(allStacks(), "\n\n"))
		}
	})
}
