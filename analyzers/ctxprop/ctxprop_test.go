package ctxprop_test

import (
	"go/token"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
)

// TestAnalyzer runs every topic's fixture in one load: each package under
// testdata/src documents one topic (roots, sinks, dataflow, interproc,
// chain/* across packages, dyn/* dynamic calls, suppress, generated,
// iterseq, quiet).
func TestAnalyzer(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), ctxprop.Analyzer,
		"roots", "ddagent", "sinks", "sinks/indirect", "sinks/indirectfact", "sinks/viaevicters", "dataflow", "interproc", "chain/a", "dyn/loop",
		"paramnames/loop", "fv/prov", "fv/wiring", "fv/loop", "names/tagger", "names/status", "names/loop", "kvloop", "storedtypes", "localiface/loop", "spawn", "generic", "suppress", "suppress/client", "generated", "iterseq", "quiet", "shapes", "fields/cache", "fields/loop", "ctorfield/status", "ctorfield/election", "ctorfield/probes", "ctorfield/loop", "ifaceentry", "constbranch", "handlers/base", "handlers/loop", "handlers/leak", "handlers/leakloop", "setupfield/backoff", "setupfield/socket", "setupfield/registry", "setupfield/daemon", "setupfield/loop", "constguard", "passedfunc", "workers")
}

func TestSuggestedFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), ctxprop.Analyzer, "fixes")
}

func TestFlags(t *testing.T) {
	set := func(name, value string) {
		old := ctxprop.Analyzer.Flags.Lookup(name).Value.String()
		if err := ctxprop.Analyzer.Flags.Set(name, value); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { ctxprop.Analyzer.Flags.Set(name, old) })
	}
	set("register", "flags/checks.Register,(*flags/checks.Scheduler).Add")
	set("sinks", "flags/checks.Sync")
	set("nonblocking", "(*example.org/kube.Client).ListPods")
	set("monitored", "(*flags.poller).loop")
	set("async", "true")
	analysistest.Run(t, analysistest.TestData(), ctxprop.Analyzer, "flags")
}

// TestDependencies: inside a versioned dependency's packages (here the
// fixtures under example.org), an interface call is followed only when it
// has exactly one implementation.
func TestDependencies(t *testing.T) {
	defer ctxprop.SetDependencies(func(path string) bool { return strings.HasPrefix(path, "example.org/") })()
	analysistest.Run(t, analysistest.TestData(), ctxprop.Analyzer, "deps")
}

// TestCapturedContext: a function literal analysed on its own (stored and
// called through a value, or, with the whole program's call graph, passed
// to a helper that calls it) keeps what the monitored loop's iteration it
// is written in knows of the context it captures.
func TestCapturedContext(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), ctxprop.Analyzer, "captured/stored")
	// As a whole-program driver sees it: the literals are callees of the
	// dynamic calls in retry.
	prog := &ctxprop.Program{IsLitCallee: func(token.Pos) bool { return true }}
	analysistest.Run(t, analysistest.TestData(), ctxprop.WholeProgramWith(prog), "captured/passed", "captured/background", "captured/kept", "captured/later")
}

// TestMayBlock: the fast path skips a package only when nothing it can
// call may block: no sink package in its import closure, no context taken
// there outside the standard library (pure calls another module's code
// that takes none), no function named in -sinks.
func TestMayBlock(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), ctxprop.MayBlockAnalyzer,
		"mayblock/pure", "mayblock/rpc", "mayblock/deep", "mayblock/own", "mayblock/netpkg")
}

// TestMayBlockSinks: a function -sinks names blocks, whatever its closure.
func TestMayBlockSinks(t *testing.T) {
	old := ctxprop.Analyzer.Flags.Lookup("sinks").Value.String()
	if err := ctxprop.Analyzer.Flags.Set("sinks", "example.net/sleepy.Wait"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ctxprop.Analyzer.Flags.Set("sinks", old) })
	analysistest.Run(t, analysistest.TestData(), ctxprop.MayBlockAnalyzer, "mayblock/named")
}
