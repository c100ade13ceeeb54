package plugin

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
	"github.com/ctxlint/ctxlint/analyzers/todoctx"
)

func TestPlugins(t *testing.T) {
	t.Cleanup(func() {
		for _, f := range []string{"register", "nonblocking", "async"} {
			ctxprop.Analyzer.Flags.Set(f, ctxprop.Analyzer.Flags.Lookup(f).DefValue)
		}
		todoctx.Analyzer.Flags.Set("baseline", "")
	})
	newCtxprop, err := register.GetPlugin("ctxprop")
	if err != nil {
		t.Fatal(err)
	}
	// Settings as golangci-lint passes them: decoded YAML.
	p, err := newCtxprop(map[string]any{
		"register":    []any{"example.com/agent/health.Register"},
		"nonblocking": []any{"(*example.com/kube.Client).Version"},
		"async":       true,
	})
	if err != nil {
		t.Fatal(err)
	}
	if as, _ := p.BuildAnalyzers(); len(as) != 1 || as[0] != ctxprop.Analyzer {
		t.Errorf("analyzers %v, want [ctxprop]", as)
	}
	if p.GetLoadMode() != register.LoadModeTypesInfo {
		t.Errorf("load mode %q", p.GetLoadMode())
	}
	for name, want := range map[string]string{
		"register": "example.com/agent/health.Register", "nonblocking": "(*example.com/kube.Client).Version", "async": "true",
	} {
		if got := ctxprop.Analyzer.Flags.Lookup(name).Value.String(); got != want {
			t.Errorf("ctxprop -%s = %q, want %q", name, got, want)
		}
	}

	newTodoctx, err := register.GetPlugin("todoctx")
	if err != nil {
		t.Fatal(err)
	}
	baseline := filepath.Join(t.TempDir(), "todo.baseline")
	if err := os.WriteFile(baseline, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// An unpinned baseline is refused: golangci-lint's cache would not see
	// its edits. The error says what to set.
	pinned, err := todoctx.PinBaseline(baseline)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := newTodoctx(map[string]any{"baseline": baseline}); err == nil || !strings.Contains(err.Error(), "set baseline: "+pinned) {
		t.Errorf("unpinned baseline: error %v, want one naming %s", err, pinned)
	}
	p, err = newTodoctx(map[string]any{"baseline": pinned})
	if err != nil {
		t.Fatal(err)
	}
	if as, _ := p.BuildAnalyzers(); len(as) != 1 || as[0] != todoctx.Analyzer {
		t.Errorf("analyzers %v, want [todoctx]", as)
	}
	if got := todoctx.Analyzer.Flags.Lookup("baseline").Value.String(); got != pinned {
		t.Errorf("todoctx -baseline = %q, want %q", got, pinned)
	}
	if _, err := newTodoctx(nil); err != nil {
		t.Errorf("no settings: %v", err)
	}
}

func TestPluginErrors(t *testing.T) {
	for _, tc := range []struct {
		new  func(any) (register.LinterPlugin, error)
		conf map[string]any
		want string
	}{
		{NewCtxprop, map[string]any{"sinks": []any{"Get"}}, `"Get": want importpath.Func`},
		{NewCtxprop, map[string]any{"register": []any{"(*a.b"}}, `"(*a.b": want importpath.Func`},
		{NewCtxprop, map[string]any{"nonblocking": []any{"a b.c"}}, `"a b.c": want importpath.Func`},
		{NewCtxprop, map[string]any{"typo": true}, `unknown field "typo"`},
		{NewTodoctx, map[string]any{"baseline": 3}, `cannot unmarshal number`},
	} {
		if _, err := tc.new(tc.conf); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want an error containing %q", tc.conf, err, tc.want)
		}
	}
}

// TestRelatedSetting: golangci-lint prints each related position as an
// issue of its own ("ctxprop(related information)"), and the chain is in
// the message already: by default the plugin leaves them out; related:
// true keeps them.
func TestRelatedSetting(t *testing.T) {
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax}, "./testdata/related")
	if err != nil || packages.PrintErrors(pkgs) > 0 {
		t.Fatalf("load: %v", err)
	}
	t.Cleanup(func() { NewCtxprop(nil) })
	for _, tc := range []struct {
		conf    any
		related []string
	}{
		{nil, nil},
		{map[string]any{"related": false}, nil},
		{map[string]any{"related": true}, []string{"via fetch"}},
		{nil, nil}, // and back
	} {
		p, err := NewCtxprop(tc.conf)
		if err != nil {
			t.Fatalf("%v: %v", tc.conf, err)
		}
		as, _ := p.BuildAnalyzers()
		graph, err := checker.Analyze(as, pkgs, nil)
		if err != nil {
			t.Fatal(err)
		}
		var diags []analysis.Diagnostic
		for act := range graph.All() {
			if act.IsRoot {
				diags = append(diags, act.Diagnostics...)
			}
		}
		if len(diags) != 1 || !strings.Contains(diags[0].Message, "net/http.Get without the health deadline (it takes no context): Run (related.go:14) → fetch (related.go:19)") {
			t.Fatalf("%v: diagnostics %+v, want the one finding with its chain", tc.conf, diags)
		}
		var related []string
		for _, r := range diags[0].Related {
			related = append(related, r.Message)
		}
		if strings.Join(related, ";") != strings.Join(tc.related, ";") {
			t.Errorf("%v: related %q, want %q", tc.conf, related, tc.related)
		}
	}
}
