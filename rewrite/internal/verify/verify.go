package verify

import (
	"go/ast"
	"go/types"

	"github.com/ctxlint/ctxlint/rewrite/internal/check"
	"golang.org/x/tools/go/packages"
)

// typeError is a type error of the rewritten program and the package
// whose check reported it.
type typeError struct {
	pkg *packages.Package
	types.Error
}

// verify type-checks, in memory, every loaded package that compiles a
// changed file and every loaded package that imports one of those, with
// the new contents. Given only, it checks that package alone (and the
// changed packages it imports, for their new types). It returns the type
// errors, less those the package had as loaded, and, when there are none,
// what it checked, complete enough to analyse (next).
func (pl *execution) verify(out map[string][]byte, only *packages.Package) ([]typeError, check.Checked, error) {
	p := pl.Prog
	stale := check.Stale(p.Pkgs, func(name string) bool { _, ok := out[name]; return ok })
	var order []*packages.Package
	for pkg := range stale {
		order = append(order, pkg)
	}
	if only != nil {
		order = []*packages.Package{only}
	}
	var errs []typeError
	done, err := check.Recheck(p.Fset, p.Pkgs, out, map[string]*ast.File{}, order, stale, true, func(pkg *packages.Package) func(types.Error) {
		before := loadedErrors(pkg)
		return func(te types.Error) {
			// Soft errors (an unused variable or import) fail the build too.
			if !before[check.ErrorKey(te)] {
				errs = append(errs, typeError{pkg, te})
			}
		}
	})
	if err != nil {
		return nil, nil, err
	}
	if len(errs) > 0 {
		return errs, nil, nil
	}
	return nil, done, nil
}

// loadedErrors are the keys of the type errors a package had as loaded:
// a package that did not type-check before the rewrite (another
// platform's, a broken example) does not blame the change sets for it.
func loadedErrors(pkg *packages.Package) map[string]bool {
	if len(pkg.TypeErrors) == 0 {
		return nil
	}
	out := make(map[string]bool, len(pkg.TypeErrors))
	for _, te := range pkg.TypeErrors {
		out[check.ErrorKey(te)] = true
	}
	return out
}
