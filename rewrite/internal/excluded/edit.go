package excluded

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"slices"
	"strconv"
	"strings"

	"github.com/ctxlint/ctxlint/internal/astwalk"
	"github.com/ctxlint/ctxlint/internal/ctxtypes"
	"github.com/ctxlint/ctxlint/rewrite/internal/change"
	"github.com/ctxlint/ctxlint/rewrite/internal/source"
)

// Apply edits the files the build excludes for the sets, in their
// bytes (they have no type information to decorate with): a call gets the
// named context parameter of the innermost function around it that has
// one (or gains one), else context.TODO() (context.Background() in main
// and init); a declaration gets ctx first. It returns the new contents by
// file name, and the sets whose edits do not fit the file.
func Apply(p *source.Program, sets []*change.Set) (map[string][]byte, map[*change.Set]error) {
	byFile := map[string][]change.ExcludedEdit{}
	owner := map[string][]*change.Set{}
	for _, cs := range sets {
		for _, e := range cs.Excluded {
			byFile[e.File] = append(byFile[e.File], e)
			if !slices.Contains(owner[e.File], cs) {
				owner[e.File] = append(owner[e.File], cs)
			}
		}
	}
	out := map[string][]byte{}
	failed := map[*change.Set]error{}
	for name, edits := range byFile {
		src, err := p.Source(name)
		if err == nil {
			src, err = editExcluded(name, src, edits)
		}
		if err != nil {
			for _, cs := range owner[name] {
				failed[cs] = err
			}
			continue
		}
		out[name] = src
	}
	return out, failed
}

// editExcluded applies the edits to one file's source.
func editExcluded(name string, src []byte, edits []change.ExcludedEdit) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	tf := fset.File(f.FileStart)
	pkgName, imported := contextImport(f)
	testingName := ""
	if strings.HasSuffix(name, "_test.go") {
		testingName = ctxtypes.ImportedAs(f, "testing")
	}
	gains := map[int]bool{} // declarations gaining a named ctx, by their parameters' opening
	for _, e := range edits {
		if e.Decl && !e.Unnamed {
			gains[e.Offset] = true
		}
	}
	type insert struct {
		at   int
		text string
	}
	var ins []insert
	used := false
	calls := map[int]bool{}
	for _, e := range edits {
		if e.Use {
			continue
		}
		if !e.Decl {
			calls[e.Offset] = true
			continue
		}
		if !hasDeclAt(f, tf, e.Offset) {
			return nil, fmt.Errorf("%s: no declaration at offset %d: the file changed since it was analysed", name, e.Offset)
		}
		text := "ctx " + pkgName + ".Context"
		if e.Unnamed {
			text = pkgName + ".Context"
		}
		if e.Args {
			text += ", "
		}
		ins = append(ins, insert{e.Offset + 1, text})
		used = true
	}
	found := 0
	astwalk.WithStack([]*ast.File{f}, func(n ast.Node, stack []ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || !calls[tf.Offset(call.Lparen)] {
			return true
		}
		found++
		arg, needsImport := ctxAround(stack, tf, gains, pkgName, testingName)
		used = used || needsImport
		if len(call.Args) > 0 {
			arg += ", "
		}
		ins = append(ins, insert{tf.Offset(call.Lparen) + 1, arg})
		return true
	})
	if found != len(calls) {
		return nil, fmt.Errorf("%s: %d of %d calls not found: the file changed since it was analysed", name, len(calls)-found, len(calls))
	}
	slices.SortFunc(ins, func(a, b insert) int { return b.at - a.at })
	out := slices.Clone(src)
	for _, in := range ins {
		out = slices.Insert(out, in.at, []byte(in.text)...)
	}
	if used && !imported {
		out = addContextImport(f, tf, out)
	}
	if clean, err := format.Source(src); err == nil && bytes.Equal(clean, src) {
		// Keep a gofmt-clean file clean: the import goes in sorted.
		if formatted, err := format.Source(out); err == nil {
			out = formatted
		}
	}
	if _, err := parser.ParseFile(token.NewFileSet(), name, out, parser.SkipObjectResolution); err != nil {
		return nil, fmt.Errorf("%s does not parse once edited: %v", name, err)
	}
	return out, nil
}

// contextImport returns the name the file imports context under, and
// whether it does; "context" when it does not.
func contextImport(f *ast.File) (string, bool) {
	for _, path := range []string{"context", "golang.org/x/net/context"} {
		if name := ctxtypes.ImportedAs(f, path); name != "" && name != "_" && name != "." {
			return name, true
		}
	}
	return "context", false
}

// hasDeclAt reports whether a declaration or literal's parameters open at
// the offset.
func hasDeclAt(f *ast.File, tf *token.File, open int) bool {
	found := false
	ast.Inspect(f, func(n ast.Node) bool {
		if ft, ok := n.(*ast.FuncType); ok && ft.Params != nil && tf.Offset(ft.Params.Opening) == open {
			found = true
		}
		return !found
	})
	return found
}

// ctxAround is what a call passes: the named context parameter of the
// innermost function around it that has one or gains one, else the test's
// context in a test, else a new context (needsImport: from package
// context).
func ctxAround(stack []ast.Node, tf *token.File, gains map[int]bool, pkgName, testingName string) (arg string, needsImport bool) {
	for i := len(stack) - 1; i >= 0; i-- {
		var ft *ast.FuncType
		switch fn := stack[i].(type) {
		case *ast.FuncLit:
			ft = fn.Type
		case *ast.FuncDecl:
			ft = fn.Type
		default:
			continue
		}
		if gains[tf.Offset(ft.Params.Opening)] {
			return "ctx", false
		}
		for _, field := range ft.Params.List {
			sel, ok := field.Type.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "Context" || len(field.Names) == 0 {
				continue
			}
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == pkgName && field.Names[0].Name != "_" {
				return field.Names[0].Name, false
			}
		}
		if fd, ok := stack[i].(*ast.FuncDecl); ok {
			if fd.Recv == nil && (fd.Name.Name == "main" || fd.Name.Name == "init") {
				return pkgName + ".Background()", true
			}
			if t := testingParamName(ft, testingName); t != "" {
				return t + ".Context()", false
			}
			break
		}
	}
	return pkgName + ".TODO()", true
}

// standard reports whether an import is of the standard library: its
// first path element has no dot.
func standard(imp *ast.ImportSpec) bool {
	path, _ := strconv.Unquote(imp.Path.Value)
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

// testingParamName is the name of a test's *testing.T, B or F parameter, or
// testing.TB, when testingName is the file's name for package testing.
func testingParamName(ft *ast.FuncType, testingName string) string {
	if testingName == "" {
		return ""
	}
	for _, field := range ft.Params.List {
		t := field.Type
		star, ok := t.(*ast.StarExpr)
		if ok {
			t = star.X
		}
		sel, ok := t.(*ast.SelectorExpr)
		if !ok || len(field.Names) != 1 || field.Names[0].Name == "_" {
			continue
		}
		name := sel.Sel.Name
		if x, ok := sel.X.(*ast.Ident); ok && x.Name == testingName &&
			(star != nil && (name == "T" || name == "B" || name == "F") || star == nil && name == "TB") {
			return field.Names[0].Name
		}
	}
	return ""
}

// addContextImport adds import "context" to the edited source out of f
// (whose offsets hold up to the imports: every edit lies after them).
func addContextImport(f *ast.File, tf *token.File, out []byte) []byte {
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		// In a group of its own before other modules' imports, as the
		// rest of the rewrite (and goimports) place it.
		sep := "\n"
		if len(gd.Specs) > 0 && !standard(gd.Specs[0].(*ast.ImportSpec)) {
			sep = "\n\n"
		}
		if gd.Lparen.IsValid() {
			at := tf.Offset(gd.Lparen) + 1
			if len(gd.Specs) > 0 {
				at = tf.Offset(gd.Specs[0].Pos())
				// Before the first spec's doc comment, if any.
				if doc := gd.Specs[0].(*ast.ImportSpec).Doc; doc != nil {
					at = tf.Offset(doc.Pos())
				}
				return slices.Insert(out, at, []byte("\"context\""+sep+"\t")...)
			}
			return slices.Insert(out, at, []byte("\n\t\"context\"")...)
		}
		// import "x" becomes a block of both.
		from, to := tf.Offset(gd.Specs[0].Pos()), tf.Offset(gd.Specs[0].End())
		block := "(\n\t\"context\"" + sep + "\t" + string(out[from:to]) + "\n)"
		return slices.Concat(out[:from], []byte(block), out[to:])
	}
	// After the package clause's line, so its trailing comment stays.
	at := tf.Offset(f.Name.End())
	if nl := bytes.IndexByte(out[at:], '\n'); nl >= 0 {
		at += nl
	} else {
		at = len(out)
	}
	return slices.Insert(out, at, []byte("\n\nimport \"context\"")...)
}
