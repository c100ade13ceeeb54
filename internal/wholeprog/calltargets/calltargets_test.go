package calltargets_test

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/ctxlint/ctxlint/internal/wholeprog/calltargets"
)

// TestDynamicCalls: each call marked "// CALL name" in testdata/prog/loop
// resolves to what flows there, and only that.
func TestDynamicCalls(t *testing.T) {
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax, Dir: "testdata/prog"}, "./...")
	if err != nil || packages.PrintErrors(pkgs) > 0 {
		t.Fatalf("load: %v", err)
	}
	targets := calltargets.Build(pkgs)
	calls := markedCalls(t, pkgs)

	want := map[string][]string{
		// A map of functions filled in another package's init: the
		// registered function, not every function of the signature
		// (reg.Other is kept in a variable too).
		"catalog": {"example.test/prog/prov.Hostname"},
		// Only the forwarder the program builds; fwd.NewSync is never called.
		"send": {"(*example.test/prog/fwd.Queue).Send"},
		// A literal stored in a field by a constructor of another package.
		"fetch": {"literal at wiring.go:17"},
		// Through a slice parameter: the elements its callers pass.
		"each": {"example.test/prog/reg.Other"},
		// A bound method value (ssa's $bound wrapper, which has no
		// package) stored in another package's config struct.
		"attempt": {"(*example.test/prog/loop.client).connect"},
		// A method promoted from an embedded interface: what the field
		// holds.
		"promoted": {"(example.test/prog/loop.jsonStats).stats"},
	}
	for name, call := range calls {
		c, ok := targets.At(call.lparen)
		if !ok {
			t.Errorf("%s: call not in the graph", name)
			continue
		}
		var got []string
		for _, fn := range c.Funcs {
			got = append(got, fn.FullName())
		}
		for _, pos := range c.Lits {
			p := call.fset.Position(pos)
			got = append(got, fmt.Sprintf("literal at %s:%d", filepath.Base(p.Filename), p.Line))
			if !targets.IsLitCallee(pos) {
				t.Errorf("%s: IsLitCallee(%v) = false", name, p)
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, want[name]) {
			t.Errorf("%s: callees %q, want %q", name, got, want[name])
		}
	}
	if len(calls) != len(want) {
		t.Errorf("found %d marked calls, want %d", len(calls), len(want))
	}
}

type markedCall struct {
	lparen token.Pos
	fset   *token.FileSet
}

func markedCalls(t *testing.T, pkgs []*packages.Package) map[string]markedCall {
	out := map[string]markedCall{}
	for _, p := range pkgs {
		for _, f := range p.Syntax {
			marks := map[int]string{}
			for _, cg := range f.Comments {
				if name, ok := strings.CutPrefix(cg.Text(), "CALL "); ok {
					marks[p.Fset.Position(cg.Pos()).Line] = strings.TrimSpace(name)
				}
			}
			ast.Inspect(f, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					if name, ok := marks[p.Fset.Position(call.Pos()).Line]; ok {
						if _, isFunc := p.TypesInfo.TypeOf(call.Fun).Underlying().(*types.Signature); isFunc {
							out[name] = markedCall{call.Lparen, p.Fset}
						}
					}
				}
				return true
			})
		}
	}
	return out
}
