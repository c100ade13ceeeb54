package rewrite

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"reflect"
	"strings"

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
func newDecorator(f *file) *decorator.Decorator {
	fset := f.pkg.Fset
	if !hasLineDirective(f.ast) {
		fset = token.NewFileSet()
		tf := fset.AddFile(f.tf.Name(), f.tf.Base(), f.tf.Size())
		tf.SetLines(f.tf.Lines())
	}
	return decorator.NewDecoratorWithImports(fset, f.pkg.PkgPath, gotypes.New(f.pkg.TypesInfo.Uses))
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
	f := e.p.fileAt(n.Pos())
	if f == nil {
		return nil
	}
	dec := e.decs[f.name]
	if dec == nil {
		dec = newDecorator(f)
		e.decs[f.name] = dec
	}
	if pt := e.parts[f.name]; pt != nil && !pt.kept[declAt(f.ast, n.Pos())] {
		e.missed[f.name] = true
		e.fail("%s: outside the declarations decorated", e.p.fset.Position(n.Pos()))
		return nil
	}
	if _, ok := e.files[f.name]; !ok {
		if df := e.decorated[f.name]; df != nil {
			e.files[f.name] = df
			return dec.Dst.Nodes[n]
		}
		df, err := dec.DecorateFile(f.ast)
		if err != nil {
			e.fail("%s: %v", f.name, err)
			return nil
		}
		e.files[f.name] = df
	}
	return dec.Dst.Nodes[n]
}

// replace puts n in the place of the expression old, keeping old's
// decorations.
func (e *edit) replace(old ast.Expr, n dst.Expr) {
	d := e.dstOf(old)
	if d == nil {
		e.fail("%s: cannot edit", e.p.fset.Position(old.Pos()))
		return
	}
	n.Decorations().Start = d.Decorations().Start
	n.Decorations().End = d.Decorations().End
	n.Decorations().Before = d.Decorations().Before
	n.Decorations().After = d.Decorations().After
	f := e.p.fileAt(old.Pos())
	swapped := false
	dstutil.Apply(e.files[f.name], func(c *dstutil.Cursor) bool {
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
		e.fail("%s: cannot edit", e.p.fset.Position(old.Pos()))
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
	f := e.p.files[name]
	r := decorator.NewRestorerWithImports(f.pkg.PkgPath, e.resolver())
	fr := r.FileRestorer()
	if shadowsContext(f) {
		fr.Alias["context"] = "stdcontext"
	}
	if pt := e.parts[name]; pt != nil {
		src, err := e.p.source(name)
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
