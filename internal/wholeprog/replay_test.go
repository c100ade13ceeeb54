package wholeprog

import (
	"go/build"
	"go/types"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestSettled: only packages the call graph does not cover, importing none
// it covers, are replayed. Without module information (GOPATH, as in
// analysistest's fixtures) a package outside GOROOT is covered whatever its
// path, so a dependency "impl" of the root is analysed every round; the
// standard library is settled.
func TestSettled(t *testing.T) {
	pkg := func(path, file string, imports ...*packages.Package) *packages.Package {
		p := &packages.Package{PkgPath: path, GoFiles: []string{file}, Types: types.NewPackage(path, filepath.Base(path)), Imports: map[string]*packages.Package{}}
		for _, imp := range imports {
			p.Imports[imp.PkgPath] = imp
		}
		return p
	}
	std := pkg("strings", filepath.Join(build.Default.GOROOT, "src", "strings", "strings.go"))
	ext := pkg("example.com/ext", "/gopath/src/example.com/ext/ext.go", std)
	impl := pkg("impl", "/gopath/src/impl/impl.go", std)
	mod := pkg("example.com/dep/client", "/mod/example.com/dep@v1.0.0/client/client.go", std)
	mod.Module = &packages.Module{Path: "example.com/dep", Version: "v1.0.0"}
	above := pkg("example.com/dep/wrap", "/mod/example.com/dep@v1.0.0/wrap/wrap.go", mod, impl)
	above.Module = mod.Module
	root := pkg("loop", "/gopath/src/loop/loop.go", impl, ext, mod, above)

	got := settled([]*packages.Package{root}, nil)
	for p, want := range map[*packages.Package]bool{std: true, mod: true, impl: false, ext: false, above: false, root: false} {
		if got[p.Types] != want {
			t.Errorf("%s settled: %v, want %v", p.PkgPath, got[p.Types], want)
		}
	}
}
