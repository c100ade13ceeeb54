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
//	      todoctx:
//	        type: module
//	        description: context.TODO() as migration debt
//	        settings:
//	          baseline: todo.baseline
//	          background: false
//
// Each setting is the analyzer flag of the same name.
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
}

// TodoctxSettings map linters.settings.custom.todoctx.settings.
type TodoctxSettings struct {
	Baseline   string `json:"baseline"`
	Background bool   `json:"background"`
}

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
	return set(todoctx.Analyzer, map[string]string{
		"baseline":   s.Baseline,
		"background": strconv.FormatBool(s.Background),
	})
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
