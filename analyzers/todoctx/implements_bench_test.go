package todoctx

import (
	"go/types"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
)

// BenchmarkImplements times the "implements an interface of the import
// closure" test for one method, in a fresh pass each time, as the first
// context.TODO() in a method of each package runs it. The package imports
// net/http, database/sql and os/exec (a closure of some 150 standard
// packages) and no interface has the method: the whole closure is looked
// through.
func BenchmarkImplements(b *testing.B) {
	dir := b.TempDir()
	files := map[string]string{
		"go.mod": "module bench.example/impl\n\ngo 1.26\n",
		"impl.go": `package impl

import (
	"database/sql"
	"net/http"
	"os/exec"
)

var _, _, _ = http.Get, sql.Open, exec.Command

type T struct{}

func (T) Poll() error { return nil }
`,
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadSyntax, Dir: dir}, ".")
	if err != nil || packages.PrintErrors(pkgs) > 0 {
		b.Fatalf("load: %v", err)
	}
	pkg := pkgs[0].Types
	named := pkg.Scope().Lookup("T").Type()
	obj, _, _ := types.LookupFieldOrMethod(named, true, pkg, "Poll")
	fn, _ := obj.(*types.Func)
	if fn == nil {
		b.Fatal("no method T.Poll")
	}
	for b.Loop() {
		s := &pkgState{pass: &analysis.Pass{Pkg: pkg}, info: pkgs[0].TypesInfo}
		if got := s.implements(fn); got != "" {
			b.Fatalf("T.Poll implements %s", got)
		}
	}
}
