package calltargets

import (
	"fmt"
	"go/types"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/callgraph"
	"golang.org/x/tools/go/callgraph/vta"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/ctxlint/ctxlint/bench/synth"
)

// TestSameAsVTA: the call graph is the one vta.CallGraph(funcs, nil)
// computes, call site by call site, on the fixtures, on a generated module
// (interfaces implemented in every package, func maps filled by init,
// closures, generics) and on ctxlint's own code with its dependencies.
func TestSameAsVTA(t *testing.T) {
	root, gen := generate(t, 24)
	for _, tc := range []struct {
		name, dir string
		mode      packages.LoadMode
	}{
		{"fixtures", "testdata/prog", packages.NeedModule},
		{"generated", gen, packages.NeedModule},
		// Without module information every package outside GOROOT is
		// analysed: ctxlint's own and x/tools, dst, testify.
		{"ctxlint and its dependencies", root, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax | tc.mode, Dir: tc.dir, Tests: true}, "./...")
			if err != nil || packages.PrintErrors(pkgs) > 0 {
				t.Fatalf("load: %v", err)
			}
			funcs := ownFunctions(pkgs)
			// The functions are AllFunctions' (less what cannot lead to
			// the program's own), as vta's users list them.
			all := ownFunctionsBy(pkgs, func(prog *ssa.Program, _ map[*types.Package]bool) map[*ssa.Function]bool {
				return ssautil.AllFunctions(prog)
			})
			if g, w := funcNames(funcs), funcNames(all); !slices.Equal(g, w) {
				t.Errorf("own functions: %d, AllFunctions' %d\nonly ours: %q\nonly AllFunctions': %q", len(g), len(w), minus(g, w), minus(w, g))
			}
			cs := callGraph(funcs)
			vg := vta.CallGraph(funcs, nil)
			got, want := calleesOf(cs), edges(vg, funcs)
			dynamic := 0
			for site, w := range want {
				if g := got[site]; !slices.Equal(g, w) {
					t.Errorf("%s: callees %q, vta's %q", site, g, w)
				}
				if !strings.HasPrefix(site, "static ") {
					dynamic++
				}
			}
			for site, g := range got {
				if _, ok := want[site]; !ok {
					t.Errorf("%s: callees %q, not in vta's graph", site, g)
				}
			}
			if dynamic == 0 {
				t.Errorf("no dynamic call resolved: the comparison proves nothing")
			}
			// The callers of each function, as stores follows a
			// parameter to its arguments.
			for f := range funcs {
				var got, want []string
				for _, site := range cs.callersOf(f) {
					got = append(got, siteName(site))
				}
				if n := vg.Nodes[f]; n != nil {
					for _, e := range n.In {
						want = append(want, siteName(e.Site))
					}
				}
				slices.Sort(got)
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Errorf("%s: callers %q, vta's %q", f, got, want)
				}
			}
			t.Logf("%d functions, %d call sites with callees (%d dynamic)", len(funcs), len(want), dynamic)
		})
	}
}

// edges returns the callees of each call site of funcs in g, sorted.
func edges(g *callgraph.Graph, funcs map[*ssa.Function]bool) map[string][]string {
	out := make(map[string][]string)
	for f := range funcs {
		if n := g.Nodes[f]; n != nil {
			for _, e := range n.Out {
				site := siteName(e.Site)
				out[site] = append(out[site], e.Callee.Func.String())
			}
		}
	}
	for _, cs := range out {
		slices.Sort(cs)
	}
	return out
}

// calleesOf returns the callees of each call site in cs, sorted.
func calleesOf(cs *calls) map[string][]string {
	out := make(map[string][]string)
	cs.sites(func(_ *ssa.Function, call ssa.CallInstruction) {
		for _, f := range cs.calleesOf(call) {
			site := siteName(call)
			out[site] = append(out[site], f.String())
		}
	})
	for _, cs := range out {
		slices.Sort(cs)
	}
	return out
}

func siteName(call ssa.CallInstruction) string {
	kind := "dynamic"
	if call.Common().StaticCallee() != nil {
		kind = "static"
	}
	f := call.Parent()
	return fmt.Sprintf("%s %s at %v (%s)", kind, call, f.Prog.Fset.Position(call.Pos()), f)
}

// generate writes a generated module of n packages into a temporary
// directory; it returns the ctxlint module's directory and the module's.
func generate(tb testing.TB, n int) (root, dir string) {
	tb.Helper()
	_, file, _, _ := runtime.Caller(0)
	root = filepath.Join(filepath.Dir(file), "..", "..", "..")
	dir = tb.TempDir()
	if _, err := synth.Generate(dir, synth.Config{Packages: n, Replace: root, GoSum: filepath.Join(root, "go.sum")}); err != nil {
		tb.Fatal(err)
	}
	return root, dir
}

// funcNames lists the functions by name and position, sorted.
func funcNames(funcs map[*ssa.Function]bool) []string {
	var out []string
	for f := range funcs {
		out = append(out, fmt.Sprintf("%s@%v", f, f.Prog.Fset.Position(f.Pos())))
	}
	slices.Sort(out)
	return out
}

// minus lists the elements of a not in b (both sorted).
func minus(a, b []string) []string {
	var out []string
	for _, s := range a {
		if _, found := slices.BinarySearch(b, s); !found {
			out = append(out, s)
		}
	}
	return out
}
