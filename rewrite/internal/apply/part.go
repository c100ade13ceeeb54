package apply

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strconv"

	"github.com/ctxlint/ctxlint/internal/ctxtypes"
	"github.com/ctxlint/ctxlint/rewrite/internal/source"
	"github.com/dave/dst"
	"github.com/dave/dst/decorator"
)

// dst's decoration of a file, and its printing, cost in proportion to the
// file, and were most of a large migration's time; yet a migration edits a
// few declarations of most files it touches. So a file is decorated in
// part: a copy of its syntax that shares its nodes but holds only the
// package clause, the imports and the declarations an edit falls in (with
// their comments). Printed, each of those declarations replaces its own
// bytes in the file, the import declarations theirs, and every other byte
// of the file stays as it was.

// sameImports reports an error unless every import of f is in g, under
// the same name.
func sameImports(f, g *ast.File) error {
	// The names as written, not as bound: an import without a name binds
	// its package's name, which the path's last element does not always
	// tell (a package context at a path ending in context1).
	written := func(is *ast.ImportSpec) string {
		if is.Name == nil {
			return ""
		}
		return is.Name.Name
	}
	names := map[string]string{}
	for _, is := range g.Imports {
		path, _ := ctxtypes.Import(is)
		names[path] = written(is)
	}
	for _, is := range f.Imports {
		path, _ := ctxtypes.Import(is)
		name, ok := names[path]
		switch {
		case !ok:
			return fmt.Errorf("import %s removed", is.Path.Value)
		case name != written(is):
			return fmt.Errorf("import %s renamed %s", is.Path.Value, name)
		}
	}
	return nil
}

// AlwaysInPart makes every file decorated in part, however much of it the
// edits hold (a test hook: the golden trees must not tell the difference).
var AlwaysInPart = false

// A part is the portion of a file that is decorated.
type part struct {
	f     *source.File
	ast   *ast.File // the trimmed copy
	kept  map[ast.Decl]bool
	paths []string // imports used outside the kept declarations
	// decls are the kept declarations by their decorated nodes.
	decls map[dst.Node]ast.Decl
}

// decorated records the decorated nodes of the kept declarations.
func (pt *part) decorated(dec *decorator.Decorator) {
	pt.decls = make(map[dst.Node]ast.Decl, len(pt.kept))
	for d := range pt.kept {
		pt.decls[dec.Dst.Nodes[d]] = d
	}
}

// startOf is where a declaration's text begins: its doc comment, if any.
func startOf(d ast.Decl) token.Pos {
	switch d := d.(type) {
	case *ast.FuncDecl:
		if d.Doc != nil {
			return d.Doc.Pos()
		}
	case *ast.GenDecl:
		if d.Doc != nil {
			return d.Doc.Pos()
		}
	}
	return d.Pos()
}

func isImport(d ast.Decl) bool {
	g, ok := d.(*ast.GenDecl)
	return ok && g.Tok == token.IMPORT
}

// declAt is the top-level declaration of f holding pos, or nil.
func declAt(f *ast.File, pos token.Pos) ast.Decl {
	i := sort.Search(len(f.Decls), func(i int) bool { return f.Decls[i].End() > pos })
	if i < len(f.Decls) && startOf(f.Decls[i]) <= pos {
		return f.Decls[i]
	}
	return nil
}

// newPart trims f to its imports and the declarations holding positions.
// It returns nil when the trimmed file would be most of the file anyway,
// or when a position lies outside every declaration.
func newPart(f *source.File, positions []token.Pos) *part {
	pt := &part{f: f, kept: map[ast.Decl]bool{}}
	for _, pos := range positions {
		d := declAt(f.Syntax, pos)
		if d == nil {
			return nil
		}
		pt.kept[d] = true
	}
	if !AlwaysInPart && 2*len(pt.kept) > len(f.Syntax.Decls) {
		return nil
	}
	t := *f.Syntax
	// Without the file's scope: dst would decorate every declaration its
	// objects name.
	t.Doc, t.Decls, t.Comments, t.Scope, t.Unresolved = nil, nil, nil, nil, nil
	// The comments in what is printed back: each kept declaration, and
	// the import declarations as one region (a comment between two of them
	// is in the bytes they replace).
	var spans [][2]token.Pos
	var imports [2]token.Pos
	for _, d := range f.Syntax.Decls {
		switch {
		case isImport(d):
			if imports[0] == token.NoPos {
				imports[0] = startOf(d)
			}
			imports[1] = d.End()
		case pt.kept[d]:
			spans = append(spans, [2]token.Pos{startOf(d), d.End()})
		default:
			continue
		}
		t.Decls = append(t.Decls, d)
	}
	if imports[0] != token.NoPos {
		spans = append(spans, imports)
	}
	for _, cg := range f.Syntax.Comments {
		if slices.ContainsFunc(spans, func(s [2]token.Pos) bool { return s[0] <= cg.Pos() && cg.End() <= s[1] }) {
			t.Comments = append(t.Comments, cg)
		}
	}
	pt.ast = &t
	// The restorer drops the imports nothing in the file it prints uses:
	// keep those that the declarations left out use.
	used := map[string]bool{}
	for _, d := range f.Syntax.Decls {
		if isImport(d) || pt.kept[d] {
			continue
		}
		ast.Inspect(d, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if pn, ok := f.Pkg.TypesInfo.Uses[id].(*types.PkgName); ok {
					used[pn.Imported().Path()] = true
				}
			}
			return true
		})
	}
	for _, is := range f.Syntax.Imports {
		if is.Name != nil && is.Name.Name == "." {
			if p, err := strconv.Unquote(is.Path.Value); err == nil {
				used[p] = true // its uses are not qualified: keep it
			}
		}
	}
	for p := range used {
		pt.paths = append(pt.paths, p)
	}
	slices.Sort(pt.paths)
	return pt
}

// marker is a declaration that uses the imports the part leaves out, so
// that the restorer keeps them; its printed text is dropped.
func (pt *part) marker() dst.Decl {
	g := &dst.GenDecl{Tok: token.VAR, Lparen: true, Rparen: true}
	for _, p := range pt.paths {
		g.Specs = append(g.Specs, &dst.ValueSpec{Names: []*dst.Ident{dst.NewIdent("_")}, Values: []dst.Expr{&dst.Ident{Name: "X", Path: p}}})
	}
	return g
}

// print prints the decorated part df with fr and splices it into src, the
// file's text: each kept declaration and the import declarations replace
// their own bytes. What the bytes left out would not survive (an import
// renamed or removed, a declaration added) is an error: the file is then
// decorated whole.
func (pt *part) print(fr *decorator.FileRestorer, df *dst.File, src []byte) ([]byte, error) {
	if len(src) != pt.f.TokenFile.Size() {
		return nil, fmt.Errorf("the file changed since it was loaded")
	}
	mark := pt.marker()
	df.Decls = append(df.Decls, mark)
	var buf bytes.Buffer
	err := fr.Fprint(&buf, df)
	df.Decls = slices.DeleteFunc(df.Decls, func(d dst.Decl) bool { return d == mark })
	if err != nil {
		return nil, err
	}
	out := buf.Bytes()
	fset := token.NewFileSet()
	of, err := parser.ParseFile(fset, "", out, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("printed part does not parse: %v", err)
	}
	// df.Decls, as the restorer left them, and of.Decls are one list: the
	// imports (which the restorer may have added or removed), the kept
	// declarations (and any an edit added), and the marker.
	if len(of.Decls) != len(df.Decls)+1 {
		return nil, fmt.Errorf("printed part has %d declarations, not %d", len(of.Decls), len(df.Decls)+1)
	}
	tf := fset.File(of.Pos())
	off := func(p token.Pos) int { return tf.Offset(p) }
	type splice struct {
		from, to int    // in src
		text     []byte // from out
	}
	var splices []splice
	// The import declarations, as one region.
	var oldImp, newImp []ast.Decl
	for _, d := range pt.f.Syntax.Decls {
		if isImport(d) {
			oldImp = append(oldImp, d)
		}
	}
	for _, d := range of.Decls {
		if isImport(d) {
			newImp = append(newImp, d)
		}
	}
	// The bytes left out still name the imports as they were: a part is
	// only printed back when every import kept its name (the restorer
	// renames one on a clash with an import it adds, or to make room for
	// context) and none went away (with it would go its comments).
	if err := sameImports(pt.f.Syntax, of); err != nil {
		return nil, err
	}
	orig := pt.f.TokenFile
	var text []byte
	if len(newImp) > 0 {
		text = out[off(startOf(newImp[0])):off(newImp[len(newImp)-1].End())]
	}
	// The file's first import is inserted, not spliced over the old ones:
	// gofmt spaces it. (No import region goes: sameImports refused a part
	// that lost an import, and the restorer keeps an empty import ().)
	reformat := len(oldImp) == 0 && len(newImp) > 0
	switch {
	case len(oldImp) > 0:
		splices = append(splices, splice{orig.Offset(startOf(oldImp[0])), orig.Offset(oldImp[len(oldImp)-1].End()), text})
	case len(newImp) > 0:
		// On a line of its own after the package clause's, which may end
		// in a comment; not where a declaration or comment goes on.
		line := orig.PositionFor(pt.f.Syntax.Name.End(), false).Line
		if line >= orig.LineCount() {
			return nil, fmt.Errorf("nothing follows the package clause's line")
		}
		p := orig.LineStart(line + 1)
		at := orig.Offset(p)
		if len(pt.f.Syntax.Decls) > 0 && startOf(pt.f.Syntax.Decls[0]) < p {
			return nil, fmt.Errorf("a declaration shares the package clause's line")
		}
		for _, cg := range pt.f.Syntax.Comments {
			if cg.Pos() < p && p < cg.End() {
				return nil, fmt.Errorf("a comment spans the package clause's line end")
			}
		}
		ins := append([]byte("\n"), text...)
		ins = append(ins, '\n')
		if at < len(src) && src[at] != '\n' {
			ins = append(ins, '\n')
		}
		splices = append(splices, splice{at, at, ins})
	}
	// Each kept declaration.
	for i, d := range df.Decls {
		o := of.Decls[i]
		if isImport(o) {
			continue
		}
		a, ok := pt.decls[d]
		if !ok {
			// One an edit added (a compat wrapper): a comment after the
			// declaration it follows would end up after it.
			return nil, fmt.Errorf("printed part: a declaration was added")
		}
		splices = append(splices, splice{orig.Offset(startOf(a)), orig.Offset(a.End()), out[off(startOf(o)):off(o.End())]})
	}
	// Stable: the first import goes before a declaration starting where
	// it is inserted.
	slices.SortStableFunc(splices, func(a, b splice) int { return a.from - b.from })
	var res bytes.Buffer
	last := 0
	for _, s := range splices {
		if s.from < last {
			return nil, fmt.Errorf("printed part: overlapping declarations")
		}
		res.Write(src[last:s.from])
		res.Write(s.text)
		last = s.to
	}
	res.Write(src[last:])
	if reformat {
		return format.Source(res.Bytes())
	}
	return res.Bytes(), nil
}
