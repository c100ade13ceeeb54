package apply

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"reflect"
	"strings"

	"github.com/ctxlint/ctxlint/rewrite/internal/source"
	"github.com/dave/dst"
	"github.com/dave/dst/decorator"
	"github.com/dave/dst/decorator/resolver/gotypes"
	"github.com/dave/dst/dstutil"
)

// newDecorator is a decorator for one file. Where it can, it reads
// positions from a file set of that file alone: dst finds the file's lines
// by asking the position of every byte of it, which in the program's file
// set (thousands of files, shared by the decorators running in parallel)
// was most of decorating.
func newDecorator(f *source.File) *decorator.Decorator {
	fset := f.Pkg.Fset
	if !hasLineDirective(f.Syntax) {
		fset = token.NewFileSet()
		tf := fset.AddFile(f.TokenFile.Name(), f.TokenFile.Base(), f.TokenFile.Size())
		tf.SetLines(f.TokenFile.Lines())
	}
	return decorator.NewDecoratorWithImports(fset, f.Pkg.PkgPath, gotypes.New(f.Pkg.TypesInfo.Uses))
}

// hasLineDirective reports whether a //line or /*line directive may
// change the file's positions, which a copy of its lines would not keep.
func hasLineDirective(f *ast.File) bool {
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			if strings.HasPrefix(c.Text, "//line ") || strings.HasPrefix(c.Text, "/*line ") {
				return true
			}
		}
	}
	return false
}

// dstOf is the dst node of an ast node of an editable file, decorating the
// file on first use.
func (e *edit) dstOf(n ast.Node) dst.Node {
	f := e.p.FileAt(n.Pos())
	if f == nil {
		return nil
	}
	dec := e.decs[f.Name]
	if dec == nil {
		dec = newDecorator(f)
		e.decs[f.Name] = dec
	}
	if pt := e.parts[f.Name]; pt != nil && !pt.kept[declAt(f.Syntax, n.Pos())] {
		e.missed[f.Name] = true
		e.fail("%s: outside the declarations decorated", e.p.Fset.Position(n.Pos()))
		return nil
	}
	if _, ok := e.files[f.Name]; !ok {
		if df := e.decorated[f.Name]; df != nil {
			e.files[f.Name] = df
			return dec.Dst.Nodes[n]
		}
		df, err := dec.DecorateFile(f.Syntax)
		if err != nil {
			e.fail("%s: %v", f.Name, err)
			return nil
		}
		e.files[f.Name] = df
	}
	return dec.Dst.Nodes[n]
}

// replace puts n in the place of the expression old, keeping old's
// decorations.
func (e *edit) replace(old ast.Expr, n dst.Expr) {
	d := e.dstOf(old)
	if d == nil {
		e.fail("%s: cannot edit", e.p.Fset.Position(old.Pos()))
		return
	}
	n.Decorations().Start = d.Decorations().Start
	n.Decorations().End = d.Decorations().End
	n.Decorations().Before = d.Decorations().Before
	n.Decorations().After = d.Decorations().After
	f := e.p.FileAt(old.Pos())
	swapped := false
	dstutil.Apply(e.files[f.Name], func(c *dstutil.Cursor) bool {
		if swapped || c.Node() != d {
			return !swapped
		}
		if fits(c, n) {
			c.Replace(n)
			swapped = true
		}
		return false
	}, nil)
	if !swapped {
		e.fail("%s: cannot edit", e.p.Fset.Position(old.Pos()))
	}
}

// fits reports whether n can take the place of the cursor's node: a slot
// typed *dst.Ident (x.Sel, a declared name) or *dst.CallExpr (go f())
// takes nothing else, where dstutil's Replace would panic.
func fits(c *dstutil.Cursor, n dst.Node) bool {
	slot := reflect.Indirect(reflect.ValueOf(c.Parent())).FieldByName(c.Name()).Type()
	if c.Index() >= 0 {
		slot = slot.Elem()
	}
	return reflect.TypeOf(n).AssignableTo(slot)
}

// restore prints a file with its imports updated; partial reports a part
// that must be decorated whole instead, with the reason in err.
func (e *edit) restore(name string, df *dst.File) (out []byte, partial bool, err error) {
	f := e.p.Files[name]
	r := decorator.NewRestorerWithImports(f.Pkg.PkgPath, e.resolver())
	fr := r.FileRestorer()
	if shadowsContext(f) {
		fr.Alias["context"] = "stdcontext"
	}
	if pt := e.parts[name]; pt != nil {
		src, err := e.p.Source(name)
		if err != nil {
			return nil, false, err
		}
		out, err := pt.print(fr, df, src)
		if err != nil {
			return nil, true, err // decorate it whole instead
		}
		return out, false, nil
	}
	var buf bytes.Buffer
	if err := fr.Fprint(&buf, df); err != nil {
		return nil, false, fmt.Errorf("%s: %v", name, err)
	}
	return buf.Bytes(), false, nil
}
