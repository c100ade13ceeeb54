package excluded

import (
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/ctxlint/ctxlint/rewrite/internal/fixture"
	"golang.org/x/tools/go/packages"
)

// TestLoadSourceAsGoPackages: a build loaded by loadSource has the
// packages, types and errors go/packages gives it, with the overlay and
// under another platform; the packages of the module and their importers
// keep their syntax and full type information (their bodies checked), the
// others their types alone; a file a package and its test variant compile
// is parsed once. Given the syntax of files parsed before (known), it
// reuses that of the dependencies and parses the module's files anew.
func TestLoadSourceAsGoPackages(t *testing.T) {
	if testing.Short() {
		t.Skip("loads a module")
	}
	dir := t.TempDir()
	fixture.PutGoMod(t, dir)
	fixture.Put(t, filepath.Join(dir, "b", "b.go"), "package b\n\nimport \"net/http\"\n\n// Get fetches u.\nfunc Get(u string) (*http.Response, error) { return http.Get(u) }\n\nfunc broken() { var n int = \"s\"; _ = n }\n")
	fixture.Put(t, filepath.Join(dir, "b", "b_windows.go"), "package b\n\n// OS is the platform b was built for.\nconst OS = \"windows\"\n")
	fixture.Put(t, filepath.Join(dir, "a", "a.go"), "package a\n\nimport \"example.com/x/b\"\n\n// N counts.\nfunc N() (n int) {\n\tfor i := range 3 {\n\t\tn += i\n\t}\n\treturn n\n}\n\nvar _ = b.OS\n")
	fixture.Put(t, filepath.Join(dir, "a", "a_test.go"), "package a\n\nimport \"testing\"\n\nfunc TestN(t *testing.T) { _ = N() }\n")
	fixture.Put(t, filepath.Join(dir, "a", "x_test.go"), "package a_test\n\nimport (\n\t\"testing\"\n\n\t\"example.com/x/a\"\n)\n\nfunc TestX(t *testing.T) { _ = a.N() + a.M }\n")
	overlay := map[string][]byte{
		filepath.Join(dir, "a", "m.go"): []byte("package a\n\n// M is only in the overlay.\nconst M = 2\n"),
	}
	fset := token.NewFileSet()
	conf := func() *packages.Config {
		return &packages.Config{Fset: fset, Dir: dir, Env: append(os.Environ(), "GOOS=windows", "GOARCH=386", "CGO_ENABLED=0", "GOFLAGS="), Overlay: overlay, Tests: true}
	}
	inModule := func(name string) bool { return strings.HasPrefix(name, dir+string(filepath.Separator)) }

	want := conf()
	want.Mode = packages.LoadAllSyntax | packages.NeedModule
	wantRoots, err := packages.Load(want, "./...")
	if err != nil {
		t.Fatal(err)
	}
	byID := func(roots []*packages.Package) map[string]*packages.Package {
		out := map[string]*packages.Package{}
		packages.Visit(roots, nil, func(pkg *packages.Package) { out[pkg.ID] = pkg })
		return out
	}
	wantAll := byID(wantRoots)
	parsed := map[string]*ast.File{}
	for _, pkg := range wantAll {
		for _, f := range pkg.Syntax {
			parsed[fset.File(f.FileStart).Name()] = f
		}
	}
	var mu sync.Mutex // known is called from several goroutines
	var asked, reused []string
	known := func(name string) *ast.File {
		mu.Lock()
		defer mu.Unlock()
		asked = append(asked, name)
		if f := parsed[name]; f != nil {
			reused = append(reused, name)
			return f
		}
		return nil
	}
	// A file reused is not parsed into fset again.
	parses := func(name string) (n int) {
		fset.Iterate(func(f *token.File) bool {
			if f.Name() == name {
				n++
			}
			return true
		})
		return n
	}
	for _, known := range []func(string) *ast.File{known, nil} {
		gotRoots, err := loadSource(conf(), []string{"./..."}, inModule, known)
		if err != nil {
			t.Fatal(err)
		}
		compareLoads(t, wantAll, byID(gotRoots), inModule)
		if known == nil {
			continue
		}
		if i := slices.IndexFunc(asked, inModule); i >= 0 {
			t.Errorf("known asked for %s, of the module", asked[i])
		}
		if len(reused) < 100 {
			t.Errorf("%d files reused, want net/http's and more", len(reused))
		}
		for _, name := range reused {
			if n := parses(name); n != 1 {
				t.Errorf("%s parsed %d times, want once", name, n)
				break
			}
		}
	}
}

// compareLoads compares loadSource's packages (got) with go/packages' of
// the same build (want).
func compareLoads(t *testing.T, wantAll, gotAll map[string]*packages.Package, inModule func(string) bool) {
	t.Helper()
	if w, g := slices.Sorted(maps.Keys(wantAll)), slices.Sorted(maps.Keys(gotAll)); !slices.Equal(w, g) {
		t.Fatalf("packages:\n got %q\nwant %q", g, w)
	}
	full := 0
	for id, w := range wantAll {
		g := gotAll[id]
		if ws, gs := scopeString(w.Types), scopeString(g.Types); ws != gs {
			t.Errorf("%s: types:\n got %s\nwant %s", id, gs, ws)
		}
		if g.TypesSizes.Sizeof(types.Typ[types.Int]) != 4 {
			t.Errorf("%s: sizes are not 386's", id)
		}
		mine := slices.ContainsFunc(g.CompiledGoFiles, inModule) || strings.HasSuffix(id, ".test")
		if !mine {
			if g.Syntax != nil || g.TypesInfo != nil {
				t.Errorf("%s: outside the module, kept its syntax or type information", id)
			}
			continue
		}
		full++
		if ws, gs := errorStrings(w), errorStrings(g); !slices.Equal(ws, gs) {
			t.Errorf("%s: errors:\n got %q\nwant %q", id, gs, ws)
		}
		if g.TypesInfo == nil || len(g.Syntax) != len(g.CompiledGoFiles) {
			t.Errorf("%s: %d files of %d parsed, type information %v", id, len(g.Syntax), len(g.CompiledGoFiles), g.TypesInfo != nil)
			continue
		}
		if len(g.TypesInfo.Uses) != len(w.TypesInfo.Uses) || len(g.TypesInfo.Types) != len(w.TypesInfo.Types) {
			t.Errorf("%s: %d uses and %d expressions typed, want %d and %d", id, len(g.TypesInfo.Uses), len(g.TypesInfo.Types), len(w.TypesInfo.Uses), len(w.TypesInfo.Types))
		}
	}
	if full < 5 { // a, a [a.test], a_test [a.test], a.test, b
		t.Errorf("%d packages with full information, want 5", full)
	}
	if b := gotAll["example.com/x/b"]; len(b.TypeErrors) != 1 {
		t.Errorf("b's type errors: %v, want the one in broken's body", b.TypeErrors)
	}
	plain, variant := gotAll["example.com/x/a"], gotAll["example.com/x/a [example.com/x/a.test]"]
	if plain == nil || variant == nil || len(plain.Syntax) == 0 || len(variant.Syntax) == 0 || plain.Syntax[0] != variant.Syntax[0] {
		t.Errorf("a.go parsed anew for the test variant")
	}
}

// scopeString lists a package's members with their types.
func scopeString(pkg *types.Package) string {
	if pkg == nil {
		return "<nil>"
	}
	var b strings.Builder
	for _, name := range pkg.Scope().Names() {
		b.WriteString(types.ObjectString(pkg.Scope().Lookup(name), nil) + "; ")
	}
	return b.String()
}

// errorStrings are a package's errors, in order.
func errorStrings(pkg *packages.Package) []string {
	var out []string
	for _, e := range pkg.Errors {
		out = append(out, e.Error())
	}
	return out
}
