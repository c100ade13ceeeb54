package plugin

import (
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
	"github.com/ctxlint/ctxlint/analyzers/todoctx"
)

func TestNew(t *testing.T) {
	newPlugin, err := register.GetPlugin("ctxlint")
	if err != nil {
		t.Fatal(err)
	}
	// Settings as golangci-lint passes them: decoded YAML.
	p, err := newPlugin(map[string]any{
		"analyzers":   []any{"ctxprop"},
		"register":    []any{"example.com/agent/health.Register"},
		"nonblocking": []any{"(*example.com/kube.Client).Version"},
		"async":       true,
		"baseline":    "todo.baseline",
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		for _, f := range []string{"register", "nonblocking", "async"} {
			ctxprop.Analyzer.Flags.Set(f, ctxprop.Analyzer.Flags.Lookup(f).DefValue)
		}
		todoctx.Analyzer.Flags.Set("baseline", "")
	})
	as, _ := p.BuildAnalyzers()
	if len(as) != 1 || as[0] != ctxprop.Analyzer {
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
	if got := todoctx.Analyzer.Flags.Lookup("baseline").Value.String(); got != "todo.baseline" {
		t.Errorf("todoctx -baseline = %q", got)
	}

	p, err = newPlugin(nil)
	if err != nil {
		t.Fatal(err)
	}
	if as, _ := p.BuildAnalyzers(); len(as) != 2 {
		t.Errorf("no settings: %d analyzers, want both", len(as))
	}
}

func TestNewErrors(t *testing.T) {
	for _, tc := range []struct {
		conf map[string]any
		want string
	}{
		{map[string]any{"analyzers": []any{"nope"}}, `unknown analyzer "nope"`},
		{map[string]any{"sinks": []any{"Get"}}, `"Get": want importpath.Func`},
		{map[string]any{"typo": true}, `unknown field "typo"`},
	} {
		if _, err := New(tc.conf); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("New(%v) = %v, want an error containing %q", tc.conf, err, tc.want)
		}
	}
}
