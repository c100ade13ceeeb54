package excluded

import (
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ctxlint/ctxlint/rewrite/internal/fixture"
	"github.com/ctxlint/ctxlint/rewrite/internal/source"
	"golang.org/x/tools/go/packages"
)

// TestPlatformCheckAsLoaded: a build kept from before the rewrite and
// checked again in memory reports, for each rewritten program, the
// errors a fresh load of that build reports: none as loaded, the
// Windows-only caller's once its callee gains a parameter, none once
// that caller passes one, and the test's error under the build with
// tests. An import the rewrite adds that the kept build lacks makes it
// say it cannot, not check without it.
func TestPlatformCheckAsLoaded(t *testing.T) {
	if testing.Short() {
		t.Skip("loads a module")
	}
	dir := t.TempDir()
	fixture.PutGoMod(t, dir)
	fixture.Put(t, filepath.Join(dir, "b", "b.go"), "package b\n\n// F is called by a Windows-only file.\nfunc F() int { return 1 }\n")
	fixture.Put(t, filepath.Join(dir, "a", "a.go"), "package a\n\n// N is a's number.\nconst N = 1\n")
	fixture.Put(t, filepath.Join(dir, "a", "a_windows.go"), "package a\n\nimport \"example.com/x/b\"\n\nvar w = b.F()\n")
	fixture.Put(t, filepath.Join(dir, "a", "a_windows_test.go"), "package a\n\nimport \"testing\"\n\nfunc TestW(t *testing.T) { _ = w + b.F() }\n")
	p, builds := source.New(fixture.Load(t, dir), nil), Builds{}
	a, bName := filepath.Join(dir, "a"), filepath.Join(dir, "b", "b.go")
	win := &Build{Cfg: Config{goos: "windows", goarch: "amd64"}, Dirs: map[string]bool{a: true}, Tests: true}

	for _, tc := range []struct {
		name        string
		overlay     map[string]string
		incremental bool   // checked again in memory, not loaded anew
		wantErr     string // in an error's text; "" for none
	}{
		{"as loaded", nil, true, "undefined: b"},
		{"callee gains a parameter", map[string]string{bName: "package b\n\nfunc F(n int) int { return n }\n"}, true, "not enough arguments in call to b.F"},
		{"caller passes it", map[string]string{
			bName:                                 "package b\n\nfunc F(n int) int { return n }\n",
			filepath.Join(a, "a_windows.go"):      "package a\n\nimport \"example.com/x/b\"\n\nvar w = b.F(2)\n",
			filepath.Join(a, "a_windows_test.go"): "package a\n\nimport (\n\t\"testing\"\n\n\t\"example.com/x/b\"\n)\n\nfunc TestW(t *testing.T) { _ = w + b.F(3) }\n",
		}, true, ""},
		{"an import the build lacks", map[string]string{
			filepath.Join(a, "a_windows.go"): "package a\n\nimport (\n\t\"net/http\"\n\n\t\"example.com/x/b\"\n)\n\nvar w, _ = b.F(), http.MethodGet\n",
		}, false, "undefined: b"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			overlay := map[string][]byte{}
			for name, src := range tc.overlay {
				overlay[name] = []byte(src)
			}
			pf := builds.load(p, win.Cfg, []string{a}, true)
			_, _, _, ok := pf.check(win.Dirs, overlay)
			if ok != tc.incremental {
				t.Errorf("checked in memory: %v, want %v", ok, tc.incremental)
			}
			got, _ := win.Check(p, builds, overlay)
			want := freshErrors(t, p, win, overlay)
			if !slices.Equal(got[a], want) {
				t.Errorf("errors:\n got %q\nwant %q", got[a], want)
			}
			switch {
			case tc.wantErr == "" && len(got[a]) > 0:
				t.Errorf("errors %q, want none", got[a])
			case tc.wantErr != "" && !slices.ContainsFunc(got[a], func(e BuildError) bool { return strings.Contains(e.Text, tc.wantErr) }):
				t.Errorf("errors %q, want one with %q", got[a], tc.wantErr)
			}
		})
	}
}

// freshErrors are the errors of the build's directories as a load of it,
// with the overlay, reports them.
func freshErrors(t *testing.T, p *source.Program, b *Build, overlay map[string][]byte) []BuildError {
	t.Helper()
	pkgs, failed := b.Cfg.load(p, slices.Sorted(maps.Keys(b.Dirs)), overlay, b.Tests)
	if len(failed) > 0 {
		t.Fatalf("load: %v", failed)
	}
	slices.SortFunc(pkgs, func(x, y *packages.Package) int { return strings.Compare(x.ID, y.ID) })
	var out []BuildError
	for _, pkg := range pkgs {
		for _, e := range pkg.Errors {
			file, _, _ := strings.Cut(e.Pos, ":")
			if b.Dirs[filepath.Dir(file)] {
				out = append(out, BuildError{File: file, Msg: relError(p, e.Error()), Text: relError(p, e.Msg)})
			}
		}
	}
	return out
}
