package apply

import (
	"go/ast"
	"go/format"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"path"
	"strings"
	"testing"

	"github.com/ctxlint/ctxlint/rewrite/internal/source"
	"github.com/dave/dst"
	"github.com/dave/dst/decorator"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/tools/go/packages"
)

const partSrc = `// Package p is a file with comments everywhere.
package p

import "fmt"

// between the import declarations

// the second one's doc
import (
	"strings" // trailing
)

// A is first.
func A() string { return fmt.Sprint(1) } // after A

/* B is a block comment. */
func B(s string) string {
	// inside B
	return strings.ToUpper(s)
}

// floating, not a doc comment

var c = map[string]func() string{"a": A} // trailing var

type T struct{ f func(string) string }

// M is a method.
func (t T) M() string { return t.f("x") }
`

// partFile type-checks src as the only file of package p.
func partFile(t *testing.T, src string) *source.File {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments|parser.SkipObjectResolution)
	require.NoError(t, err)
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}, Types: map[ast.Expr]types.TypeAndValue{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	tp, err := (&types.Config{Importer: importer.Default()}).Check("example.com/p", fset, []*ast.File{f}, info)
	require.NoError(t, err)
	pkg := &packages.Package{ID: "example.com/p", PkgPath: "example.com/p", Name: "p", Fset: fset, Syntax: []*ast.File{f}, Types: tp, TypesInfo: info}
	return &source.File{Name: "p.go", Syntax: f, Pkg: pkg, TokenFile: fset.File(f.Pos())}
}

func partPrint(t *testing.T, f *source.File, pt *part, src string, edit func(dec *decorator.Decorator, df *dst.File)) string {
	t.Helper()
	out, err := tryPartPrint(t, f, pt, src, edit, nil)
	require.NoError(t, err)
	return out
}

// tryPartPrint decorates pt, edits it, and prints it with aliases for
// the restorer.
func tryPartPrint(t *testing.T, f *source.File, pt *part, src string, edit func(dec *decorator.Decorator, df *dst.File), alias map[string]string) (string, error) {
	t.Helper()
	dec := newDecorator(f)
	df, err := dec.DecorateFile(pt.ast)
	require.NoError(t, err)
	pt.decorated(dec)
	if edit != nil {
		edit(dec, df)
	}
	fr := decorator.NewRestorerWithImports(f.Pkg.PkgPath, resolverFunc(func(p string) (string, error) { return path.Base(p), nil })).FileRestorer()
	for p, a := range alias {
		fr.Alias[p] = a
	}
	out, err := pt.print(fr, df, []byte(src))
	return string(out), err
}

// TestPartRefuses: what the bytes left out would not survive is an error
// (Apply then decorates the file whole): an import renamed, a declaration
// added, a first import where the package clause's line goes on.
func TestPartRefuses(t *testing.T) {
	f := partFile(t, partSrc)
	b := f.Syntax.Decls[3].(*ast.FuncDecl)
	_, err := tryPartPrint(t, f, newPartAlways(t, f, b.Pos()), partSrc, addCtx(b), map[string]string{"strings": "stdstrings"})
	assert.ErrorContains(t, err, "renamed")

	_, err = tryPartPrint(t, f, newPartAlways(t, f, b.Pos()), partSrc, func(dec *decorator.Decorator, df *dst.File) {
		df.Decls = append(df.Decls, &dst.FuncDecl{Name: dst.NewIdent("W"), Type: &dst.FuncType{}, Body: &dst.BlockStmt{}})
	}, nil)
	assert.ErrorContains(t, err, "added")

	const oneLine = "package p; func F() {}\n\nfunc G() {}\n"
	f = partFile(t, oneLine)
	g := f.Syntax.Decls[1].(*ast.FuncDecl)
	_, err = tryPartPrint(t, f, newPartAlways(t, f, g.Pos()), oneLine, addCtx(g), nil)
	assert.ErrorContains(t, err, "package clause")
}

// TestPartIdentity: a file decorated in part and printed back unedited is
// the file, byte for byte, whichever declarations the part holds.
func TestPartIdentity(t *testing.T) {
	f := partFile(t, partSrc)
	for _, d := range f.Syntax.Decls {
		if isImport(d) {
			continue
		}
		pt := newPartAlways(t, f, d.Pos())
		assert.Equal(t, partSrc, partPrint(t, f, pt, partSrc, nil), "with %T at %s", d, f.Pkg.Fset.Position(d.Pos()))
	}
}

// TestPartImports: an edit that uses a new package adds its import and
// keeps the others, which only the declarations left out use, and the
// comment between the import declarations.
func TestPartImports(t *testing.T) {
	f := partFile(t, partSrc)
	var b *ast.FuncDecl
	for _, d := range f.Syntax.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == "B" {
			b = fd
		}
	}
	require.NotNil(t, b)
	pt := newPartAlways(t, f, b.Body.Lbrace)
	out := partPrint(t, f, pt, partSrc, addCtx(b))
	_, err := parser.ParseFile(token.NewFileSet(), "p.go", out, parser.ParseComments)
	require.NoError(t, err, out)
	for _, want := range []string{`"context"`, `"fmt"`, `"strings"`, "// between the import declarations", "func B(ctx context.Context, s string) string {", "// inside B", "// after A", "// floating, not a doc comment"} {
		assert.Contains(t, out, want)
	}
	// Outside the import declarations and B, nothing moved.
	at := strings.Index(partSrc, "// A is first.")
	end := strings.Index(partSrc, "/* B is")
	assert.Contains(t, out, partSrc[at:end])
	assert.True(t, strings.HasSuffix(out, partSrc[strings.Index(partSrc, "// floating"):]))
}

// TestPartFirstImport: a file without imports gets its first one, gofmt
// clean, the rest of the file as it was.
func TestPartFirstImport(t *testing.T) {
	const src = "// Package p.\npackage p // trailing\n\n// F is first.\nfunc F() {}\n\n// G is second.\nfunc G() {}\n"
	f := partFile(t, src)
	g := f.Syntax.Decls[1].(*ast.FuncDecl)
	out := partPrint(t, f, newPartAlways(t, f, g.Pos()), src, addCtx(g))
	assert.Equal(t, "// Package p.\npackage p // trailing\n\nimport \"context\"\n\n// F is first.\nfunc F() {}\n\n// G is second.\nfunc G(ctx context.Context) {}\n", out)
}

// addCtx is an edit giving fd a first parameter ctx context.Context.
func addCtx(fd *ast.FuncDecl) func(dec *decorator.Decorator, df *dst.File) {
	return func(dec *decorator.Decorator, _ *dst.File) {
		d := dec.Dst.Nodes[fd].(*dst.FuncDecl)
		ctx := &dst.Field{Names: []*dst.Ident{dst.NewIdent("ctx")}, Type: &dst.Ident{Name: "Context", Path: "context"}}
		d.Type.Params.List = append([]*dst.Field{ctx}, d.Type.Params.List...)
	}
}

// newPartAlways is newPart without the share above which a file is
// decorated whole.
func newPartAlways(t *testing.T, f *source.File, pos token.Pos) *part {
	t.Helper()
	AlwaysInPart = true
	defer func() { AlwaysInPart = false }()
	pt := newPart(f, []token.Pos{pos})
	require.NotNil(t, pt)
	return pt
}

// TestPartEmptyImports: an empty import () stays, and the file stays
// gofmt clean.
func TestPartEmptyImports(t *testing.T) {
	const src = "package p\n\nimport ()\n\n// F is first.\nfunc F() {}\n\n// G is second.\nfunc G() {}\n"
	f := partFile(t, src)
	g := f.Syntax.Decls[2].(*ast.FuncDecl)
	out := partPrint(t, f, newPartAlways(t, f, g.Pos()), src, func(dec *decorator.Decorator, _ *dst.File) {
		d := dec.Dst.Nodes[g].(*dst.FuncDecl)
		d.Type.Params.List = append(d.Type.Params.List, &dst.Field{Names: []*dst.Ident{dst.NewIdent("n")}, Type: dst.NewIdent("int")})
	})
	formatted, err := format.Source([]byte(out))
	require.NoError(t, err)
	assert.Equal(t, string(formatted), out, "not gofmt clean")
	assert.Equal(t, strings.Replace(src, "func G() {}", "func G(n int) {}", 1), out)
}

// TestSameImportsAsWritten: an import the restorer names where the source
// did not is a change, even when the name is the path's last element: the
// package's own name may differ (a package context at a path ending in
// context1), and printing the file in part would rebind its other uses.
func TestSameImportsAsWritten(t *testing.T) {
	parse := func(src string) *ast.File {
		t.Helper()
		f, err := parser.ParseFile(token.NewFileSet(), "a.go", src, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	bare := parse(`package a; import "example.com/x/context1"`)
	named := parse(`package a; import context1 "example.com/x/context1"`)
	if err := sameImports(bare, named); err == nil {
		t.Error("sameImports(bare, named) = nil, want the import renamed")
	}
	if err := sameImports(bare, parse(`package a; import ("context"; "example.com/x/context1")`)); err != nil {
		t.Errorf("sameImports with an import added: %v", err)
	}
	if err := sameImports(bare, parse(`package a`)); err == nil {
		t.Error("sameImports with the import removed = nil")
	}
}
