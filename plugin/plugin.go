// Package plugin registers ctxlint's analyzers as golangci-lint v2 module
// plugins: "ctxprop" and "todoctx", enabled and configured separately, so
// that //nolint:ctxprop and //nolint:todoctx name them. Build a custom
// golangci-lint with it (.custom-gcl.yml at the repository root) and
// configure it in .golangci.yml:
//
//	version: "2"
//	linters:
//	  enable: [ctxprop, todoctx]
//	  settings:
//	    custom:
//	      ctxprop:
//	        type: module
//	        description: blocking calls reachable from health-monitored loops without their deadline
//	        settings:
//	          register: [example.com/agent/health.Register]
//	          sinks: []
//	          nonblocking: []
//	          async: false
//	          related: false
//	      todoctx:
//	        type: module
//	        description: context.TODO() as migration debt
//	        settings:
//	          baseline: todo.baseline@sha256:…  # ctxlint todo -baseline-flag todo.baseline
//	          background: false
//	issues:
//	  uniq-by-line: false   # one call can reach several sinks: several findings on a line
//
// Each setting is the analyzer flag of the same name, except ctxprop's
// related: golangci-lint prints each related position of a finding (the
// hops of its chain in the package) as an issue of its own, "ctxprop(related
// information)", and the whole chain is in the message already, so by
// default the plugin leaves them out; related: true keeps them.
//
// golangci-lint keeps one issue per line by default (issues.uniq-by-line):
// set it to false, or it hides all but one of the findings of a call that
// reaches several sinks.
package plugin

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
	"github.com/ctxlint/ctxlint/analyzers/todoctx"
)

func init() {
	register.Plugin("ctxprop", NewCtxprop)
	register.Plugin("todoctx", NewTodoctx)
}

// CtxpropSettings map linters.settings.custom.ctxprop.settings.
type CtxpropSettings struct {
	Register    []string `json:"register"`
	Sinks       []string `json:"sinks"`
	Nonblocking []string `json:"nonblocking"`
	Async       bool     `json:"async"`
	// Related keeps the related positions (the chain's hops in the
	// package), which golangci-lint prints as issues of their own.
	Related bool `json:"related"`
}

// TodoctxSettings map linters.settings.custom.todoctx.settings.
type TodoctxSettings struct {
	Baseline   string `json:"baseline"`
	Background bool   `json:"background"`
}

// ctxpropRun is ctxprop's own Run, which NewCtxprop wraps.
var ctxpropRun = ctxprop.Analyzer.Run

// NewCtxprop decodes ctxprop's settings into its flags.
func NewCtxprop(conf any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[CtxpropSettings](conf)
	if err != nil {
		return nil, fmt.Errorf("ctxprop: %w", err)
	}
	for _, list := range [][]string{s.Register, s.Sinks, s.Nonblocking} {
		for _, name := range list {
			if !strings.Contains(name, ".") {
				return nil, fmt.Errorf("ctxprop: %q: want importpath.Func or (*importpath.T).M", name)
			}
		}
	}
	// The analyzer itself, not a copy: todoctx requires it, and a copy
	// would run ctxprop twice on every package.
	ctxprop.Analyzer.Run = ctxpropRun
	if !s.Related {
		ctxprop.Analyzer.Run = withoutRelated(ctxpropRun)
	}
	return set(ctxprop.Analyzer, map[string]string{
		"register":    strings.Join(s.Register, ","),
		"sinks":       strings.Join(s.Sinks, ","),
		"nonblocking": strings.Join(s.Nonblocking, ","),
		"async":       strconv.FormatBool(s.Async),
	})
}

// NewTodoctx decodes todoctx's settings into its flags.
func NewTodoctx(conf any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[TodoctxSettings](conf)
	if err != nil {
		return nil, fmt.Errorf("todoctx: %w", err)
	}
	if s.Baseline != "" {
		// golangci-lint caches results by its configuration, not by the
		// baseline's contents: only a pinned value makes an edit count.
		pinned, err := todoctx.PinBaseline(s.Baseline)
		if err != nil {
			return nil, fmt.Errorf("todoctx: baseline: %w", err)
		}
		if pinned != s.Baseline {
			return nil, fmt.Errorf("todoctx: baseline %s: golangci-lint caches results by its configuration, not by the file's contents: set baseline: %s (ctxlint todo -baseline-flag prints it)", s.Baseline, pinned)
		}
	}
	return set(todoctx.Analyzer, map[string]string{
		"baseline":   s.Baseline,
		"background": strconv.FormatBool(s.Background),
	})
}

// withoutRelated runs run with a pass whose diagnostics lose their related
// positions.
func withoutRelated(run func(*analysis.Pass) (any, error)) func(*analysis.Pass) (any, error) {
	return func(pass *analysis.Pass) (any, error) {
		p := *pass
		p.Report = func(d analysis.Diagnostic) {
			d.Related = nil
			pass.Report(d)
		}
		return run(&p)
	}
}

func set(a *analysis.Analyzer, flags map[string]string) (register.LinterPlugin, error) {
	for name, value := range flags {
		if err := a.Flags.Set(name, value); err != nil {
			return nil, fmt.Errorf("%s: %s: %w", a.Name, name, err)
		}
	}
	return linter{a}, nil
}

type linter struct{ a *analysis.Analyzer }

// BuildAnalyzers returns the analyzer.
func (l linter) BuildAnalyzers() ([]*analysis.Analyzer, error) { return []*analysis.Analyzer{l.a}, nil }

// GetLoadMode asks for type information: both analyzers need it.
func (l linter) GetLoadMode() string { return register.LoadModeTypesInfo }
