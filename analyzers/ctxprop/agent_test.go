package ctxprop_test

import (
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
)

// TestExampleAgent runs ctxprop on the shipped example agent, the code
// before migration: each of its monitored loops that reaches the kubelet
// is reported once, with the whole path down to the HTTP call.
func TestExampleAgent(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the example agent with go/packages")
	}
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: "../.."}
	pkgs, err := packages.Load(cfg, "./examples/agent/...")
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("the example agent does not load")
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{ctxprop.Analyzer}, pkgs, &checker.Options{SanityCheck: true})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for act := range graph.All() {
		if act.Err != nil {
			t.Errorf("%s: %v", act, act.Err)
		}
		if act.IsRoot && act.Analyzer == ctxprop.Analyzer {
			for _, d := range act.Diagnostics {
				got = append(got, d.Message)
			}
		}
	}
	slices.Sort(got)
	want := []string{
		`"ad-config-provider-<p.String()>" (liveness): (*net/http.Client).Do without the health deadline (request built with http.NewRequest; the client's Timeout (30 * time.Second) exists but is not the loop's deadline): ~Poller.process (provider.go:60) → KubeletProvider.Collect (kubelet.go:25) → Client.GetPodAnnotations (client.go:101) → Client.GetLocalPodList (client.go:74) → Client.query (client.go:122); run ctxlint -fix to thread the deadline down`,
		`"ad-kubeletlistener" (readiness): (*net/http.Client).Do without the health deadline (request built with http.NewRequest; the client's Timeout (30 * time.Second) exists but is not the loop's deadline): KubeletListener.run (kubelet.go:56) → KubeletListener.pullChanges (kubelet.go:64) → PodWatcher.PullChanges (podwatcher.go:17) → Client.GetLocalPodList (client.go:74) → Client.query (client.go:122); run ctxlint -fix to thread the deadline down`,
		`component of h (health): (*net/http.Client).Do without the health deadline (request built with http.NewRequest; the client's Timeout (30 * time.Second) exists but is not the loop's deadline): Collector.Run (collector.go:53) → Collector.collect (collector.go:58) → Collector.hostTags (collector.go:69) → ~Collector.hostname (collector.go:78) → ~resolveHostname (hostname.go:28) → kubeletHostname (hostname.go:38) → Client.GetNodename (client.go:87) → Client.GetLocalPodList (client.go:74) → Client.query (client.go:122); run ctxlint -fix to thread the deadline down`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("reports on the example agent:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
