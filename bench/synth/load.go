package synth

import (
	"fmt"
	"go/ast"
	"os"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
)

// Load loads the packages matching patterns in the module at dir with
// their dependencies' syntax and types, as a fact-using analysis driver
// does (packages.LoadAllSyntax), in import path order.
func Load(dir string, patterns ...string) ([]*packages.Package, error) {
	return load(dir, false, patterns)
}

// LoadTests is Load with the packages' tests, as the plain `ctxlint ./...`
// run loads them (x/tools' -test flag is on by default): a package with
// tests comes again as its test variant, whose analysis reads every file of
// the package once more.
func LoadTests(dir string, patterns ...string) ([]*packages.Package, error) {
	return load(dir, true, patterns)
}

func load(dir string, tests bool, patterns []string) ([]*packages.Package, error) {
	cfg := &packages.Config{
		Mode:  packages.LoadAllSyntax | packages.NeedModule,
		Dir:   dir,
		Env:   append(os.Environ(), "GOWORK=off", "GOFLAGS="),
		Tests: tests,
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, err
	}
	var errs []string
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			errs = append(errs, e.Error())
		}
	})
	if len(errs) > 0 {
		return nil, fmt.Errorf("synth: loading %s: %s", dir, strings.Join(errs, "; "))
	}
	slices.SortFunc(pkgs, func(x, y *packages.Package) int { return strings.Compare(x.PkgPath, y.PkgPath) })
	return pkgs, nil
}

// CountFuncs counts the function declarations and literals of pkgs (not of
// their dependencies).
func CountFuncs(pkgs []*packages.Package) int {
	n := 0
	for _, p := range pkgs {
		for _, f := range p.Syntax {
			ast.Inspect(f, func(node ast.Node) bool {
				switch node.(type) {
				case *ast.FuncDecl, *ast.FuncLit:
					n++
				}
				return true
			})
		}
	}
	return n
}
