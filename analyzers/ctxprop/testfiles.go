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
func (a *pkgAnalysis) inTestFile(pos token.Pos) bool { return InTestFile(a.pass.Fset, pos) }

// InTestFile reports whether pos lies in a _test.go file of fset.
func InTestFile(fset *token.FileSet, pos token.Pos) bool {
	f := fset.File(pos)
	return f != nil && strings.HasSuffix(f.Name(), "_test.go")
}

// programCallees is ProgramCallees in the package's file set.
func (a *pkgAnalysis) programCallees(call token.Pos, funcs []*types.Func, lits []token.Pos) ([]*types.Func, []token.Pos) {
	return ProgramCallees(a.pass.Fset, call, funcs, lits)
}

// ProgramCallees drops from a call's callees (the functions and literals
// a call graph gives, by the position of their func keyword), for a call
// outside the test files, those declared in them: the program does not
// run them there. The slices are not modified.
func ProgramCallees(fset *token.FileSet, call token.Pos, funcs []*types.Func, lits []token.Pos) ([]*types.Func, []token.Pos) {
	if InTestFile(fset, call) {
		return funcs, lits
	}
	testFunc := func(fn *types.Func) bool { return InTestFile(fset, fn.Pos()) }
	testLit := func(pos token.Pos) bool { return InTestFile(fset, pos) }
	if slices.ContainsFunc(funcs, testFunc) {
		funcs = slices.DeleteFunc(slices.Clone(funcs), testFunc)
	}
	if slices.ContainsFunc(lits, testLit) {
		lits = slices.DeleteFunc(slices.Clone(lits), testLit)
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
