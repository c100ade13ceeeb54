package ctxprop

import (
	"go/token"
	"go/types"
	"slices"
	"strings"
)

// A function declared in a _test.go file exists only in the test binary,
// where a test swaps it in for the real one (a fake, a mock). A call in a
// file the program compiles runs it only under test: the paths through it
// are the tests', not the loop's. A call in a test file may run it.

// inTestFile reports whether pos lies in a _test.go file.
func (a *pkgAnalysis) inTestFile(pos token.Pos) bool {
	f := a.pass.Fset.File(pos)
	return f != nil && strings.HasSuffix(f.Name(), "_test.go")
}

// programCallees drops from a call's callees, for a call outside the
// test files, the functions and literals declared in them.
func (a *pkgAnalysis) programCallees(call token.Pos, funcs []*types.Func, lits []token.Pos) ([]*types.Func, []token.Pos) {
	if a.inTestFile(call) {
		return funcs, lits
	}
	if slices.ContainsFunc(funcs, func(fn *types.Func) bool { return a.inTestFile(fn.Pos()) }) {
		funcs = slices.DeleteFunc(slices.Clone(funcs), func(fn *types.Func) bool { return a.inTestFile(fn.Pos()) })
	}
	if slices.ContainsFunc(lits, a.inTestFile) {
		lits = slices.DeleteFunc(slices.Clone(lits), a.inTestFile)
	}
	return funcs, lits
}

// programTargets drops from a call's targets, for a call outside the test
// files, the package's functions declared in them.
func (a *pkgAnalysis) programTargets(call token.Pos, targets []target) []target {
	testOnly := func(t target) bool {
		switch {
		case t.unit == nil || a.inTestFile(call):
			return false
		case t.unit.fn != nil:
			return a.inTestFile(t.unit.fn.Pos())
		case t.unit.lit != nil:
			return a.inTestFile(t.unit.lit.Pos())
		}
		return false
	}
	if slices.ContainsFunc(targets, testOnly) {
		targets = slices.DeleteFunc(slices.Clone(targets), testOnly)
	}
	return targets
}
