package plugin

import (
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"

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
	p, err = newTodoctx(map[string]any{"baseline": "todo.baseline"})
	if err != nil {
		t.Fatal(err)
	}
	if as, _ := p.BuildAnalyzers(); len(as) != 1 || as[0] != todoctx.Analyzer {
		t.Errorf("analyzers %v, want [todoctx]", as)
	}
	if got := todoctx.Analyzer.Flags.Lookup("baseline").Value.String(); got != "todo.baseline" {
		t.Errorf("todoctx -baseline = %q", got)
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
		{NewCtxprop, map[string]any{"typo": true}, `unknown field "typo"`},
		{NewTodoctx, map[string]any{"baseline": 3}, `cannot unmarshal number`},
	} {
		if _, err := tc.new(tc.conf); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want an error containing %q", tc.conf, err, tc.want)
		}
	}
}
