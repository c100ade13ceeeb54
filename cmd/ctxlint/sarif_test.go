package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSARIF checks the SARIF log of the example agent: one result per
// finding, the rules, paths relative to the source root, and each ctxprop
// finding's whole chain (across packages) as related locations and a code
// flow.
func TestSARIF(t *testing.T) {
	path := filepath.Join(t.TempDir(), "ctxlint.sarif")
	var stdout, stderr bytes.Buffer
	if code := standalone([]string{"-sarif", path, "../../examples/agent/..."}, &stdout, &stderr); code != 3 {
		t.Fatalf("exit code %d, want 3 (findings); stderr: %s", code, stderr.String())
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var log sarifLog
	if err := json.Unmarshal(raw, &log); err != nil {
		t.Fatal(err)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 {
		t.Fatalf("version %q, %d runs", log.Version, len(log.Runs))
	}
	run := log.Runs[0]
	if len(run.Tool.Driver.Rules) != 2 || run.Tool.Driver.Rules[0].ID != "ctxprop" || run.Tool.Driver.Rules[1].ID != "todoctx" {
		t.Errorf("rules: %+v", run.Tool.Driver.Rules)
	}
	if len(run.Results) != 3 {
		t.Fatalf("%d results, want the example's 3 stuck paths", len(run.Results))
	}
	for _, r := range run.Results {
		if r.RuleID != "ctxprop" || r.Level != "warning" {
			t.Errorf("result %q: rule %q level %q", r.Message.Text, r.RuleID, r.Level)
		}
		hops := strings.Count(r.Message.Text, " → ") + 1
		if len(r.RelatedLocations) != hops || len(r.CodeFlows) != 1 || len(r.CodeFlows[0].ThreadFlows[0].Locations) != hops {
			t.Errorf("%q: %d related locations, want the %d hops", r.Message.Text, len(r.RelatedLocations), hops)
		}
		last := r.RelatedLocations[len(r.RelatedLocations)-1]
		if last.PhysicalLocation.ArtifactLocation.URI != "file:///"+strings.TrimPrefix(mustAbs(t, "../../examples/agent/kubelet/client.go"), "/") ||
			last.PhysicalLocation.Region.StartLine != 122 || last.Message.Text != "Client.query" {
			t.Errorf("%q: last hop %+v, want client.go:122 Client.query", r.Message.Text, last)
		}
	}
	// The same log on stdout with -format=sarif.
	stdout.Reset()
	if code := standalone([]string{"-format=sarif", "../../examples/agent/..."}, &stdout, &stderr); code != 3 || !bytes.Equal(stdout.Bytes(), raw) {
		t.Errorf("-format=sarif: exit %d, differs from -sarif FILE: %v", code, !bytes.Equal(stdout.Bytes(), raw))
	}
	if code := standalone([]string{"-format=xml", "."}, &stdout, &stderr); code != 2 {
		t.Errorf("-format=xml: exit %d, want 2", code)
	}
}

func mustAbs(t *testing.T, p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return filepath.ToSlash(abs)
}
