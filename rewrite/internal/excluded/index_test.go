package excluded

import (
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/ctxlint/ctxlint/rewrite/internal/source"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/packages"
)

// TestExcludedUse: which excluded files use a function, by what they can
// name. Package a's functions are used from build-tagged files beside
// them and in other packages; a use is found only where the file can
// reach a's function, not wherever its name appears.
func TestExcludedUse(t *testing.T) {
	if testing.Short() {
		t.Skip("loads a module")
	}
	dir := t.TempDir()
	write := func(name, src string) {
		t.Helper()
		require.NoError(t, os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644))
	}
	write("go.mod", "module example.com/x\n\ngo 1.26.0\n")
	write("a/a.go", `package a

func F()   {}
func G()   {}
func H()   {}
func V()   {}
func Dup() {}

type T struct{}

func (T) M() {}
func (T) K() {}

// Println is named like fmt's.
func (T) Println(...any) {}

type I interface{ N() }

// Use keeps b's import of a loaded: b depends on a.
var Use int
`)
	write("a/a_windows.go", `//go:build windows

package a

func Dup() {}

func (*T) K() {}

func g() { G() }
`)
	write("b/b.go", "package b\n\nimport \"example.com/x/a\"\n\nvar _ = a.Use\n")
	write("b/b_windows.go", `//go:build windows

package b

import (
	"fmt"

	al "example.com/x/a"
)

type win struct{}

func (win) N() {}

func w() { al.F(); var t al.T; t.M(); fmt.Println("not T's") }

var v = al.V
`)
	write("c/c.go", "package c\n")
	write("c/c_windows.go", `//go:build windows

package c

import "strings"

type S struct{}

func (S) M() {}
func (S) N() {}

func w() { _ = strings.ToUpper("H"); S{}.M() }
`)
	write("d/d.go", "package d\n")
	write("d/d_linux.go", `//go:build !windows

package d
`)
	write("d/d_windows.go", `//go:build windows

package d

import . "example.com/x/a"

func w() { H() }
`)
	pkgs, err := packages.Load(&packages.Config{Dir: dir, Mode: source.LoadMode, Env: append(os.Environ(), "GOOS=linux")}, "./...")
	require.NoError(t, err)
	require.Zero(t, packages.PrintErrors(pkgs))
	var a *types.Package
	for _, p := range pkgs {
		if p.PkgPath == "example.com/x/a" {
			a = p.Types
		}
	}
	require.NotNil(t, a)
	x := New(source.New(pkgs, nil), Builds{}, nil)
	fn := func(name string) *types.Func { return a.Scope().Lookup(name).(*types.Func) }
	method := func(typ, name string) *types.Func {
		obj, _, _ := types.LookupFieldOrMethod(a.Scope().Lookup(typ).Type(), true, a, name)
		return obj.(*types.Func)
	}
	for _, c := range []struct {
		fn        *types.Func
		file, how string
	}{
		{fn("F"), "b/b_windows.go", "called in"}, // through the name b imports a under
		{fn("G"), "a/a_windows.go", "called in"}, // by its name, in its own package
		{fn("H"), "d/d_windows.go", "called in"}, // through a dot import
		{fn("V"), "b/b_windows.go", "used as a value in"},
		{fn("Dup"), "a/a_windows.go", "declared again in"},
		{method("T", "K"), "a/a_windows.go", "declared again in"},
		{method("T", "M"), "b/b_windows.go", "called in"},         // not c's S.M: c cannot reach a
		{method("I", "N"), "b/b_windows.go", "declared again in"}, // an implementation there gains ctx with I
	} {
		uses := x.uses(c.fn)
		if assert.Len(t, uses, 1, c.fn.FullName()) {
			rel, _ := filepath.Rel(dir, uses[0].file.Name)
			assert.Equal(t, c.file, filepath.ToSlash(rel), c.fn.FullName())
			assert.Equal(t, c.how, uses[0].how, c.fn.FullName())
		}
	}
	// fmt.Println selects from a package, not from a value of type T.
	assert.Empty(t, x.uses(method("T", "Println")))
	// c names H, M and N too, but cannot reach a's: alone, it uses none.
	x.Files = slices.DeleteFunc(x.Files, func(f *File) bool { return filepath.Base(f.Dir) != "c" })
	require.Len(t, x.Files, 1)
	for _, f := range []*types.Func{fn("H"), method("T", "M"), method("I", "N")} {
		assert.Empty(t, x.uses(f), f.FullName())
	}
}

// TestExcludedUseByType: in a file another platform's build includes, a
// selector is a use of a method only when it selects that method. The
// file's own type's run and a library type's Reset share names with a's
// methods that gain ctx; only the calls on a's T are uses.
func TestExcludedUseByType(t *testing.T) {
	if testing.Short() {
		t.Skip("loads a module")
	}
	dir := t.TempDir()
	write := func(name, src string) {
		t.Helper()
		require.NoError(t, os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644))
	}
	write("go.mod", "module example.com/x\n\ngo 1.26.0\n")
	write("a/a.go", `package a

type T struct{}

func (T) Run()         {}
func (T) Reset(string) {}

type I interface{ N() }
`)
	write("b/b.go", "package b\n\nimport \"example.com/x/a\"\n\nvar _ a.T\n")
	write("b/b_windows.go", `//go:build windows

package b

import (
	"strings"

	"example.com/x/a"
)

type prog struct{}

func (p *prog) Run() {}

func (p *prog) Start() { p.Run() }

func w() {
	r := strings.NewReader("")
	r.Reset("")
	var t a.T
	t.Run()
	t.Reset("")
}
`)
	// A Windows test's own implementation of I gains ctx with it, and so
	// does its call on that type.
	write("b/b_windows_test.go", `//go:build windows

package b_test

import "example.com/x/a"

type win struct{}

func (win) N() {}

var _ a.I = win{}

func use() { win{}.N() }
`)
	pkgs, err := packages.Load(&packages.Config{Dir: dir, Mode: source.LoadMode, Env: append(os.Environ(), "GOOS=linux")}, "./...")
	require.NoError(t, err)
	require.Zero(t, packages.PrintErrors(pkgs))
	var a *types.Package
	for _, p := range pkgs {
		if p.PkgPath == "example.com/x/a" {
			a = p.Types
		}
	}
	require.NotNil(t, a)
	x := New(source.New(pkgs, nil), Builds{}, nil)
	n, _, _ := types.LookupFieldOrMethod(a.Scope().Lookup("I").Type(), false, a, "N")
	var hows []string
	for _, u := range x.uses(n.(*types.Func)) {
		hows = append(hows, u.how+" "+filepath.Base(u.file.Name))
	}
	assert.ElementsMatch(t, []string{"declared again in b_windows_test.go", "called in b_windows_test.go"}, hows)
	src, err := os.ReadFile(filepath.Join(dir, "b/b_windows.go"))
	require.NoError(t, err)
	for _, c := range []struct{ method, at string }{
		{"Run", "t.Run()"},
		{"Reset", `t.Reset("")`},
	} {
		obj, _, _ := types.LookupFieldOrMethod(a.Scope().Lookup("T").Type(), false, a, c.method)
		uses := x.uses(obj.(*types.Func))
		if assert.Len(t, uses, 1, c.method) {
			assert.Equal(t, "called in", uses[0].how)
			at := uses[0].ref.offset
			assert.Equal(t, c.at, string(src[at-2:at+len(c.at)-2]), c.method)
		}
	}
}
