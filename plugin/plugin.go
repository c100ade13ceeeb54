// Package plugin registers ctxlint's analyzers as a golangci-lint v2 module
// plugin named "ctxlint". Build a custom golangci-lint with it (see
// .custom-gcl.yml at the repository root) and configure it in .golangci.yml:
//
//	version: "2"
//	linters:
//	  enable: [ctxlint]
//	  settings:
//	    custom:
//	      ctxlint:
//	        type: module
//	        description: stuck paths from health-monitored loops, and context.TODO() debt
//	        settings:
//	          analyzers: [ctxprop, todoctx]
//	          register: [example.com/agent/health.Register]
//	          sinks: []
//	          nonblocking: []
//	          async: false
//	          baseline: todo.baseline
//	          background: false
//
// Reports are suppressed with //nolint:ctxlint (golangci-lint names the
// plugin, not the analyzer), or with ctxlint's own //ctxlint:ignore ctxprop
// reason.
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

func init() { register.Plugin("ctxlint", New) }

// Settings map linters.settings.custom.ctxlint.settings; each field is the
// analyzer flag of the same name.
type Settings struct {
	// Analyzers to run: ctxprop, todoctx; empty means both.
	Analyzers   []string `json:"analyzers"`
	Register    []string `json:"register"`
	Sinks       []string `json:"sinks"`
	Nonblocking []string `json:"nonblocking"`
	Async       bool     `json:"async"`
	Baseline    string   `json:"baseline"`
	Background  bool     `json:"background"`
}

type plugin struct {
	analyzers []*analysis.Analyzer
}

var known = map[string]*analysis.Analyzer{"ctxprop": ctxprop.Analyzer, "todoctx": todoctx.Analyzer}

// New decodes the settings and sets the analyzers' flags from them.
func New(conf any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](conf)
	if err != nil {
		return nil, fmt.Errorf("ctxlint: %w", err)
	}
	p := &plugin{}
	names := s.Analyzers
	if len(names) == 0 {
		names = []string{"ctxprop", "todoctx"}
	}
	for _, name := range names {
		a, ok := known[name]
		if !ok {
			return nil, fmt.Errorf("ctxlint: unknown analyzer %q: want ctxprop or todoctx", name)
		}
		p.analyzers = append(p.analyzers, a)
	}
	for _, list := range [][]string{s.Register, s.Sinks, s.Nonblocking} {
		for _, name := range list {
			if !strings.Contains(name, ".") {
				return nil, fmt.Errorf("ctxlint: %q: want importpath.Func or (*importpath.T).M", name)
			}
		}
	}
	for _, f := range []struct {
		a           *analysis.Analyzer
		name, value string
	}{
		{ctxprop.Analyzer, "register", strings.Join(s.Register, ",")},
		{ctxprop.Analyzer, "sinks", strings.Join(s.Sinks, ",")},
		{ctxprop.Analyzer, "nonblocking", strings.Join(s.Nonblocking, ",")},
		{ctxprop.Analyzer, "async", strconv.FormatBool(s.Async)},
		{todoctx.Analyzer, "baseline", s.Baseline},
		{todoctx.Analyzer, "background", strconv.FormatBool(s.Background)},
	} {
		if err := f.a.Flags.Set(f.name, f.value); err != nil {
			return nil, fmt.Errorf("ctxlint: %s: %w", f.name, err)
		}
	}
	return p, nil
}

// BuildAnalyzers returns the analyzers the settings enable.
func (p *plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) { return p.analyzers, nil }

// GetLoadMode asks for type information: both analyzers need it.
func (p *plugin) GetLoadMode() string { return register.LoadModeTypesInfo }
