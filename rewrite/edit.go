package rewrite

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"runtime"
	"slices"
	"strings"

	"github.com/ctxlint/ctxlint/internal/ctxtypes"
	"github.com/dave/dst"
	"github.com/dave/dst/decorator"
	"github.com/dave/dst/decorator/resolver/gotypes"
	"github.com/dave/dst/dstutil"
	"golang.org/x/sync/errgroup"
	"golang.org/x/tools/go/types/typeutil"
)

// edit applies change sets to the files they touch, in dst, so that
// comments and blank lines stay where they were.
type edit struct {
	pl    *Plan
	p     *program
	decs  map[string]*decorator.Decorator // by file name
	files map[string]*dst.File            // touched files, by name
	// params are the names of the ctx parameters added to functions
	// (FuncDecl or FuncLit), by the scope of the function.
	params map[*types.Scope]string
	// regions are the loops' derived contexts.
	regions []region
	errs    map[*ChangeSet]error
	set     *ChangeSet // the set being applied, for errors
	// compatNames are the new names of the functions kept under their old
	// one as a wrapper, by the position of their name.
	compatNames map[token.Pos]string
	// decorated holds the files predecorate decorated ahead, until an
	// edit first uses them; names memoizes resolver's package names.
	decorated map[string]*dst.File
	names     map[string]string
	// drop holds the statements the new ctx parameter replaces.
	drop map[ast.Stmt]bool
	// renamed holds the calls given their context form.
	renamed map[*dst.CallExpr]bool
	// gained says which set gave each declaration its ctx parameter: a
	// second one would leave it with two (a planning bug, refused).
	gained map[token.Pos]*ChangeSet
	// parts are the files decorated in part, by name; missed names those
	// where an edit fell outside the part, to decorate whole.
	parts  map[string]*part
	missed map[string]bool
	// spreadNames are the names spread declared, by the declaration
	// they are in: two spreads in one block must not both declare a.
	spreadNames map[*ast.FuncDecl]map[string]bool
}

// region is where a derived context is in scope.
type region struct {
	from, to token.Pos
	name     string
}

// Apply edits the files for the change sets and returns their new
// contents, by file name. A set that cannot be applied as planned is
// reported in failed and left out whole.
func (pl *Plan) Apply(sets []*ChangeSet) (out map[string][]byte, failed map[*ChangeSet]error, err error) {
	e := &edit{pl: pl, p: pl.prog, decs: map[string]*decorator.Decorator{}, files: map[string]*dst.File{}, params: map[*types.Scope]string{}, errs: map[*ChangeSet]error{}, compatNames: map[token.Pos]string{}, parts: map[string]*part{}, missed: map[string]bool{}, gained: map[token.Pos]*ChangeSet{}, drop: map[ast.Stmt]bool{}, renamed: map[*dst.CallExpr]bool{}, spreadNames: map[*ast.FuncDecl]map[string]bool{}}
	e.predecorate(sets)
	// Names first: every call must know which functions gained a ctx.
	for _, cs := range sets {
		e.set = cs
		for _, pos := range cs.AddParam {
			e.nameParam(pos)
		}
		for _, pos := range cs.NameCtx {
			e.nameCtx(pos)
		}
	}
	for _, cs := range sets {
		e.set = cs
		if cs.Loop != nil {
			e.loop(cs.Loop)
		}
	}
	for _, cs := range sets {
		for _, pos := range cs.Compat {
			e.compatNames[pos] = e.p.funcs[pos].decl.Name.Name + "Context"
		}
	}
	for _, cs := range sets {
		e.set = cs
		for _, pos := range cs.Compat {
			e.compat(pos)
		}
		for _, pos := range cs.AddParam {
			e.addParam(pos)
		}
		for _, pos := range cs.PassCtx {
			e.passCtx(pos)
		}
		for _, pos := range cs.Empty {
			e.empty(pos)
		}
		for _, pos := range cs.Sinks {
			e.sink(pos)
		}
		for _, pos := range cs.Adapt {
			e.adapt(pos)
		}
	}
	if len(e.missed) > 0 {
		// An edit outside the declarations the sets name: decorate those
		// files whole and start again.
		return pl.again(sets, e.missed)
	}
	if len(e.errs) > 0 {
		return nil, e.errs, nil
	}
	out, err = e.restoreAll()
	if err != nil {
		return nil, nil, err
	}
	if len(e.missed) > 0 {
		// A part that cannot be printed back over its bytes alone.
		return pl.again(sets, e.missed)
	}
	excluded, failed := pl.applyExcluded(sets)
	if len(failed) > 0 {
		return nil, failed, nil
	}
	maps.Copy(out, excluded)
	return out, nil, nil
}

// again applies the sets once more, decorating the named files whole.
func (pl *Plan) again(sets []*ChangeSet, whole map[string]bool) (map[string][]byte, map[*ChangeSet]error, error) {
	if pl.whole == nil {
		pl.whole = map[string]bool{}
	}
	for name := range whole {
		pl.whole[name] = true
	}
	return pl.Apply(sets)
}

// predecorate decorates, ahead and in parallel, the files the sets name:
// dst's decoration of a large change is most of Apply's time. A file it
// could not decorate is decorated, and its error reported, when an edit
// uses it.
func (e *edit) predecorate(sets []*ChangeSet) {
	var order []*file
	at := map[*file][]token.Pos{}
	add := func(positions []token.Pos) {
		for _, pos := range positions {
			f := e.p.fileAt(pos)
			if f == nil {
				continue
			}
			if at[f] == nil {
				order = append(order, f)
			}
			at[f] = append(at[f], pos)
		}
	}
	for _, cs := range sets {
		add(cs.AddParam)
		add(cs.PassCtx)
		add(cs.Empty)
		add(cs.Sinks)
		add(cs.NameCtx)
		add(cs.Adapt)
		add(cs.Compat)
		if cs.Loop != nil {
			add([]token.Pos{cs.Loop.Recv, cs.Loop.Call})
		}
	}
	decs := make([]*decorator.Decorator, len(order))
	files := make([]*dst.File, len(order))
	parts := make([]*part, len(order))
	parallel(len(order), func(i int) {
		f := order[i]
		decs[i] = newDecorator(f)
		syntax := f.ast
		var pt *part
		if !e.pl.whole[f.name] {
			pt = newPart(f, at[f])
		}
		if pt != nil {
			syntax = pt.ast
		}
		if df, err := decs[i].DecorateFile(syntax); err == nil {
			files[i] = df
			if pt != nil {
				pt.decorated(decs[i])
				parts[i] = pt
			}
		}
	})
	e.decorated = map[string]*dst.File{}
	for i, f := range order {
		if files[i] != nil {
			e.decs[f.name] = decs[i]
			e.decorated[f.name] = files[i]
			if parts[i] != nil {
				e.parts[f.name] = parts[i]
			}
		}
	}
}

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

// restoreAll prints the edited files, in parallel.
func (e *edit) restoreAll() (map[string][]byte, error) {
	e.resolver() // memoized before the workers share it
	names := slices.Sorted(maps.Keys(e.files))
	dfs := make([]*dst.File, len(names))
	for i, name := range names {
		dfs[i] = e.files[name]
	}
	// Printing needs neither the decorators' maps between the trees nor
	// a tree once printed: let them go as it goes.
	e.decs, e.files, e.decorated = nil, nil, nil
	srcs := make([][]byte, len(names))
	errs := make([]error, len(names))
	partial := make([]bool, len(names))
	parallel(len(names), func(i int) {
		srcs[i], partial[i], errs[i] = e.restore(names[i], dfs[i])
		dfs[i] = nil
	})
	out := make(map[string][]byte, len(names))
	for i, name := range names {
		switch {
		case partial[i]:
			debugf("%s: decorated whole: %v", name, errs[i])
			e.missed[name] = true
		case errs[i] != nil:
			return nil, errs[i]
		}
		out[name] = srcs[i]
	}
	return out, nil
}

// parallel calls f(0) … f(n-1) on as many goroutines as GOMAXPROCS.
func parallel(n int, f func(i int)) {
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i := range n {
		g.Go(func() error { f(i); return nil })
	}
	g.Wait()
}

func (e *edit) fail(format string, args ...any) {
	if e.errs[e.set] == nil {
		e.errs[e.set] = fmt.Errorf(format, args...)
	}
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

// funcNodeAt is the declared function, literal, func type or interface
// method at pos, as planned in AddParam.
func (e *edit) funcNodeAt(pos token.Pos) (fn ast.Node, ft *ast.FuncType) {
	f := e.p.fileAt(pos)
	if f == nil {
		return nil, nil
	}
	if d := e.p.funcs[pos]; d != nil {
		return d.decl, d.decl.Type
	}
	ast.Inspect(f.ast, func(n ast.Node) bool {
		if fn != nil || n == nil || n.End() < pos || n.Pos() > pos {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			if n.Type.Pos() == pos {
				fn, ft = n, n.Type
			}
		case *ast.FuncType:
			if n.Pos() == pos {
				fn, ft = n, n
			}
		case *ast.Field: // an interface method
			if t, ok := n.Type.(*ast.FuncType); ok && len(n.Names) == 1 && n.Names[0].Pos() == pos {
				fn, ft = n, t
			}
		}
		return true
	})
	return fn, ft
}

// nameParam picks the name of the ctx parameter a function gains.
func (e *edit) nameParam(pos token.Pos) {
	fn, ft := e.funcNodeAt(pos)
	switch fn.(type) {
	case *ast.FuncDecl, *ast.FuncLit:
	default:
		return
	}
	f := e.p.fileAt(pos)
	scope := f.pkg.TypesInfo.Scopes[ft]
	if scope == nil {
		return
	}
	name := freeName(fn, "ctx", f.pkg.TypesInfo, true)
	if st, ok := topLevelDefine(f.pkg.TypesInfo, funcBody(fn), name); ok {
		if st == nil {
			// The body declares that name itself, in the parameters'
			// scope: another name.
			name = freeName(fn, "ctx", f.pkg.TypesInfo, false)
		} else {
			// "ctx := context.Background()" stood for the context the
			// function now takes: the parameter replaces it.
			e.drop[st] = true
		}
	}
	e.params[scope] = name
}

// topLevelDefine reports whether body's own statements (the scope of the
// parameters) declare name; st is the statement when it is exactly
// "name := context.Background()" or "name := context.TODO()".
func topLevelDefine(info *types.Info, body *ast.BlockStmt, name string) (st ast.Stmt, ok bool) {
	if body == nil {
		return nil, false
	}
	for _, s := range body.List {
		switch s := s.(type) {
		case *ast.AssignStmt:
			if s.Tok != token.DEFINE {
				continue
			}
			for _, l := range s.Lhs {
				if id, isID := l.(*ast.Ident); isID && id.Name == name {
					if len(s.Lhs) == 1 && len(s.Rhs) == 1 && emptyContext(info, s.Rhs[0]) {
						return s, true
					}
					return nil, true
				}
			}
		case *ast.DeclStmt:
			if gd, isGen := s.Decl.(*ast.GenDecl); isGen {
				for _, sp := range gd.Specs {
					if vs, isVal := sp.(*ast.ValueSpec); isVal {
						for _, id := range vs.Names {
							if id.Name == name {
								return nil, true
							}
						}
					}
				}
			}
		}
	}
	return nil, false
}

// freeName is base, or base2, base3..., whichever no identifier of n
// spells; with ctxOK, base itself is fine where every object so named is
// a context (shadowing one context with another is harmless).
func freeName(n ast.Node, base string, info *types.Info, ctxOK bool) string {
	used := map[string]bool{}
	ctxOnly := true
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			used[id.Name] = true
			if id.Name == base {
				if obj := info.ObjectOf(id); obj == nil || !ctxtypes.IsContext(obj.Type()) {
					ctxOnly = false
				}
			}
		}
		return true
	})
	if !used[base] || ctxOK && ctxOnly {
		return base
	}
	for i := 2; ; i++ {
		if name := fmt.Sprintf("%s%d", base, i); !used[name] {
			return name
		}
	}
}

func contextType() dst.Expr { return &dst.Ident{Name: "Context", Path: "context"} }

// addParam gives a function, literal, func type or interface method a
// context.Context first parameter.
func (e *edit) addParam(pos token.Pos) {
	if by, ok := e.gained[pos]; ok {
		if by == e.set {
			return
		}
		e.fail("%s gains a ctx parameter from two change sets (%s, and %s): one declaration takes one context; this is a bug of ctxlint's plan, please report it", e.p.fset.Position(pos), by.Name, e.set.Name)
		return
	}
	e.gained[pos] = e.set
	fn, ft := e.funcNodeAt(pos)
	if ft == nil {
		e.fail("%s: no function to give a ctx parameter", e.p.fset.Position(pos))
		return
	}
	dft, ok := e.dstOf(ft).(*dst.FuncType)
	if !ok {
		e.fail("%s: no function to give a ctx parameter", e.p.fset.Position(pos))
		return
	}
	named := false
	for _, fld := range dft.Params.List {
		if len(fld.Names) > 0 {
			named = true
		}
	}
	var name string
	switch fn.(type) {
	case *ast.FuncDecl, *ast.FuncLit:
		f := e.p.fileAt(pos)
		name = e.params[f.pkg.TypesInfo.Scopes[ft]]
		if name == "" {
			name = "ctx"
		}
		if !named { // func(int, string): name them all
			for _, fld := range dft.Params.List {
				fld.Names = []*dst.Ident{dst.NewIdent("_")}
			}
		}
	case *ast.Field: // interface method: named as its parameters are
		if named || len(dft.Params.List) == 0 {
			name = "ctx"
		}
	default: // func type expression
		if named {
			name = "ctx"
		}
	}
	field := &dst.Field{Type: contextType()}
	if name != "" {
		field.Names = []*dst.Ident{dst.NewIdent(name)}
	}
	dft.Params.List = append([]*dst.Field{field}, dft.Params.List...)
	if body := funcBody(fn); body != nil {
		for _, st := range body.List {
			if e.drop[st] {
				if list := e.stmtList(st); list != nil {
					ds := e.dstOf(st).(dst.Stmt)
					*list = slices.DeleteFunc(*list, func(x dst.Stmt) bool { return x == ds })
				}
			}
		}
	}
}

// ctxAt is the context to pass at pos: the innermost context in scope
// (a derived loop context, a context variable, a ctx parameter added by
// the plan), else context.Background() in main and init, the test's
// Context() in tests, and context.TODO() elsewhere. threaded is false for
// those fallbacks.
func (e *edit) ctxAt(pos token.Pos) (expr dst.Expr, threaded bool) {
	f := e.p.fileAt(pos)
	info := f.pkg.TypesInfo
	var best *region
	for i := range e.regions {
		r := &e.regions[i]
		if r.from <= pos && pos < r.to && (best == nil || r.from > best.from) {
			best = r
		}
	}
	inner := f.pkg.Types.Scope().Innermost(pos)
	for s := inner; s != nil && s != f.pkg.Types.Scope() && s != types.Universe; s = s.Parent() {
		if best != nil && scopeWithin(s, best) {
			return dst.NewIdent(best.name), true
		}
		var found types.Object
		for _, name := range s.Names() {
			obj := s.Lookup(name)
			if _, ok := obj.(*types.Var); !ok || !ctxtypes.IsContext(obj.Type()) || name == "_" {
				continue
			}
			if _, vis := inner.LookupParent(name, pos); vis != obj {
				continue
			}
			if found == nil || obj.Pos() > found.Pos() {
				found = obj
			}
		}
		// A derived loop context around pos is closer than any variable
		// declared before its derivation.
		if found != nil && (best == nil || found.Pos() > best.from) {
			return dst.NewIdent(found.Name()), true
		}
		if best != nil && (found != nil || e.params[s] != "") {
			return dst.NewIdent(best.name), true
		}
		if name, ok := e.params[s]; ok {
			return dst.NewIdent(name), true
		}
	}
	if best != nil {
		return dst.NewIdent(best.name), true
	}
	_, decl := e.p.funcAt(pos)
	call := func(fun string) dst.Expr {
		return &dst.CallExpr{Fun: &dst.Ident{Name: fun, Path: "context"}}
	}
	if decl == nil {
		return call("TODO"), false
	}
	if decl.Recv == nil && (decl.Name.Name == "main" && f.pkg.Name == "main" || decl.Name.Name == "init") && !e.storedLit(pos) {
		return call("Background"), false
	}
	if strings.HasSuffix(f.name, "_test.go") {
		for _, fld := range decl.Type.Params.List {
			if t := info.TypeOf(fld.Type); t != nil && testingParam(t) && len(fld.Names) == 1 && fld.Names[0].Name != "_" {
				return &dst.CallExpr{Fun: &dst.SelectorExpr{X: dst.NewIdent(fld.Names[0].Name), Sel: dst.NewIdent("Context")}}, false
			}
		}
	}
	return call("TODO"), false
}

// storedLit reports whether pos lies in a function literal that is not
// called where it is written: stored or passed on, it runs later, outside
// main's or init's own run, so it gets context.TODO() rather than
// context.Background().
func (e *edit) storedLit(pos token.Pos) bool {
	_, path := e.p.enclosing(pos)
	for i, n := range path {
		switch n.(type) {
		case *ast.FuncDecl:
			return false
		case *ast.FuncLit:
			if i+1 >= len(path) {
				return true
			}
			if c, ok := path[i+1].(*ast.CallExpr); !ok || ast.Unparen(c.Fun) != n {
				return true
			}
		}
	}
	return false
}

// scopeWithin reports whether scope s lies inside a derived region: the
// region's context is then the innermost.
func scopeWithin(s *types.Scope, r *region) bool {
	return s.Pos().IsValid() && s.Pos() >= r.from && s.End() <= r.to
}

func testingParam(t types.Type) bool {
	s := types.TypeString(t, nil)
	return s == "*testing.T" || s == "*testing.B" || s == "*testing.F" || s == "testing.TB"
}

// passCtx makes the call at pos pass the context in scope first.
func (e *edit) passCtx(pos token.Pos) {
	call := e.p.callByLparen(pos)
	if call == nil {
		e.fail("%s: no call", e.p.fset.Position(pos))
		return
	}
	dc, ok := e.dstOf(call).(*dst.CallExpr)
	if !ok {
		e.fail("%s: no call", e.p.fset.Position(pos))
		return
	}
	ctx, _ := e.ctxAt(call.Lparen)
	if fn, ok := typeutil.Callee(e.p.fileAt(pos).pkg.TypesInfo, call).(*types.Func); ok {
		if name, ok := e.compatNames[fn.Origin().Pos()]; ok {
			switch fun := dc.Fun.(type) {
			case *dst.Ident:
				fun.Name = name
			case *dst.SelectorExpr:
				fun.Sel.Name = name
			case *dst.IndexExpr:
				if id, ok := fun.X.(*dst.Ident); ok {
					id.Name = name
				}
			}
		}
	}
	if len(call.Args) == 1 && call.Ellipsis == token.NoPos {
		f := e.p.fileAt(pos)
		if t, ok := f.pkg.TypesInfo.TypeOf(call.Args[0]).(*types.Tuple); ok && t.Len() > 1 {
			e.spread(call, dc, t)
			if len(dc.Args) != t.Len() {
				return // failed, said why
			}
		}
	}
	dc.Args = append([]dst.Expr{ctx}, dc.Args...)
}

// spread turns F(G()), where G returns several values, into
// "a, b := G()" before the statement and F(a, b), so that F can take ctx
// first. Only where hoisting G keeps the order of evaluation: the call
// sits in a plain statement of a list, or in the init of an if or switch
// that is one, not in a loop's header or a branch's condition.
func (e *edit) spread(call *ast.CallExpr, dc *dst.CallExpr, t *types.Tuple) {
	f, path := e.p.enclosing(call.Lparen)
	var stmt ast.Stmt
	for i, n := range path {
		st, ok := n.(ast.Stmt)
		if !ok {
			continue
		}
		switch st.(type) {
		case *ast.ExprStmt, *ast.AssignStmt, *ast.ReturnStmt, *ast.DeclStmt, *ast.GoStmt, *ast.DeferStmt:
			if i+1 < len(path) && inList(path[i+1]) {
				stmt = st
			} else if i+2 < len(path) && initOf(path[i+1]) == st && inList(path[i+2]) {
				// if err := F(G()); err != nil: the init runs first,
				// so G may run just before the if.
				stmt = path[i+1].(ast.Stmt)
			}
		}
		break
	}
	if stmt == nil {
		e.fail("%s: %s takes the values of a call in a place where they cannot be named first: give them names by hand", e.p.fset.Position(call.Pos()), types.ExprString(call.Fun))
		return
	}
	list := e.stmtList(stmt)
	_, decl := e.p.funcAt(call.Pos())
	var names []dst.Expr
	var lhs []dst.Expr
	sig, _ := f.pkg.TypesInfo.TypeOf(call.Fun).Underlying().(*types.Signature)
	taken := e.spreadNames[decl]
	if taken == nil {
		taken = map[string]bool{}
		e.spreadNames[decl] = taken
	}
	for i := range t.Len() {
		base := fmt.Sprintf("v%d", i+1)
		if sig != nil && i < sig.Params().Len() {
			if n := sig.Params().At(i).Name(); n != "" && n != "_" {
				base = n
			}
		}
		name := freeName(decl, base, f.pkg.TypesInfo, false)
		for n := 2; taken[name]; n++ {
			name = freeName(decl, fmt.Sprintf("%s%d", base, n), f.pkg.TypesInfo, false)
		}
		taken[name] = true
		names = append(names, dst.NewIdent(name))
		lhs = append(lhs, dst.NewIdent(name))
	}
	ds, ok := e.dstOf(stmt).(dst.Stmt)
	if list == nil || !ok {
		e.fail("%s: cannot name the values of %s", e.p.fset.Position(call.Pos()), types.ExprString(call.Args[0]))
		return
	}
	inner := dc.Args[0]
	inner.Decorations().Before, inner.Decorations().After = dst.None, dst.None
	assign := &dst.AssignStmt{Lhs: lhs, Tok: token.DEFINE, Rhs: []dst.Expr{inner}}
	assign.Decs.Before = dst.NewLine
	i := slices.Index(*list, ds)
	*list = slices.Insert(*list, i, dst.Stmt(assign))
	dc.Args = names
}

// inList reports whether n holds a list of statements.
func inList(n ast.Node) bool {
	switch n.(type) {
	case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
		return true
	}
	return false
}

// initOf is the init statement of an if or a switch.
func initOf(n ast.Node) ast.Stmt {
	switch n := n.(type) {
	case *ast.IfStmt:
		return n.Init
	case *ast.SwitchStmt:
		return n.Init
	case *ast.TypeSwitchStmt:
		return n.Init
	}
	return nil
}

// empty replaces context.Background() or context.TODO() at pos, or the
// read of a context kept in a struct field, with the threaded context,
// where one is in scope.
func (e *edit) empty(pos token.Pos) {
	var call ast.Expr
	if c := e.p.callAt(pos, nil); c != nil {
		call = c
	} else if sel := e.contextField(pos); sel != nil {
		call = sel
	} else {
		return
	}
	if _, path := e.p.enclosing(call.Pos()); len(path) > 0 {
		for _, n := range path {
			if st, ok := n.(ast.Stmt); ok && e.drop[st] {
				return // "ctx := context.Background()", which the parameter replaces
			}
		}
	}
	ctx, threaded := e.ctxAt(pos)
	if !threaded {
		return
	}
	e.replace(call, ctx)
}

// contextField is the read of a struct field holding a context at pos
// (c.ctx), where the path's context goes instead; the field stays for its
// other uses.
func (e *edit) contextField(pos token.Pos) *ast.SelectorExpr {
	f, path := e.p.enclosing(pos)
	for _, n := range path {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok || sel.Pos() != pos {
			continue
		}
		if s, ok := f.pkg.TypesInfo.Selections[sel]; ok && s.Kind() == types.FieldVal && ctxtypes.IsContext(s.Type()) {
			return sel
		}
	}
	return nil
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
		// A name in a slot only a name can fill (x.Sel, a declared name)
		// takes nothing else.
		if _, ident := n.(*dst.Ident); ident || !identSlot[c.Name()] {
			c.Replace(n)
			swapped = true
		}
		return false
	}, nil)
	if !swapped {
		e.fail("%s: cannot edit", e.p.fset.Position(old.Pos()))
	}
}

// identSlot names the fields of dst's nodes that hold an *dst.Ident (or
// []*dst.Ident), not any expression.
var identSlot = map[string]bool{"Sel": true, "Name": true, "Names": true, "Label": true}

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

// shadowsContext reports whether the file declares something else named
// context, so the package must be imported under another name.
func shadowsContext(f *file) bool {
	shadow := false
	ast.Inspect(f.ast, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == "context" {
			if obj := f.pkg.TypesInfo.Defs[id]; obj != nil {
				if _, ok := obj.(*types.PkgName); !ok {
					shadow = true
				}
			}
		}
		return !shadow
	})
	if !shadow {
		// A package-level declaration in another file of the package.
		if obj := f.pkg.Types.Scope().Lookup("context"); obj != nil {
			shadow = true
		}
	}
	return shadow
}

// resolver names packages by their loaded package clauses: no guessing
// (which breaks /v2 and gopkg.in paths) and no loading.
func (e *edit) resolver() resolverFunc {
	if e.names == nil {
		e.names = map[string]string{"context": "context", "time": "time", "net": "net", "net/http": "http", "os/exec": "exec", ctxtypes.HealthPath: "health", "C": "C"}
		for _, pkg := range e.p.pkgs {
			if pkg.Name != "" {
				e.names[pkg.PkgPath] = pkg.Name
			}
		}
	}
	names := e.names
	return func(path string) (string, error) {
		if n, ok := names[path]; ok {
			return n, nil
		}
		return "", fmt.Errorf("package %s is not loaded", path)
	}
}

type resolverFunc func(path string) (string, error)

func (r resolverFunc) ResolvePackage(path string) (string, error) { return r(path) }

// compat renames the function at pos FContext and keeps a wrapper under
// its old name and signature for callers outside the loaded packages:
//
//	// F is FContext without a context.
//	//
//	// Deprecated: use FContext, which takes the context the call runs under.
//	//
//	//go:fix inline
//	func F(a A) B { return FContext(context.TODO(), a) }
func (e *edit) compat(pos token.Pos) {
	f := e.p.funcs[pos]
	dd, ok := e.dstOf(f.decl).(*dst.FuncDecl)
	if !ok {
		e.fail("%s: cannot edit %s", e.p.fset.Position(pos), f.decl.Name.Name)
		return
	}
	old, name := dd.Name.Name, e.compatNames[pos]
	typ := dst.Clone(dd.Type).(*dst.FuncType)
	var recv *dst.FieldList
	if dd.Recv != nil {
		recv = dst.Clone(dd.Recv).(*dst.FieldList)
		if len(recv.List) == 1 && (len(recv.List[0].Names) == 0 || recv.List[0].Names[0].Name == "_") {
			recv.List[0].Names = []*dst.Ident{dst.NewIdent("x")}
		}
	}
	args := []dst.Expr{&dst.CallExpr{Fun: &dst.Ident{Name: "TODO", Path: "context"}}}
	ellipsis := false
	i := 0
	for _, fld := range typ.Params.List {
		if len(fld.Names) == 0 {
			fld.Names = []*dst.Ident{dst.NewIdent("")}
		}
		for _, n := range fld.Names {
			if n.Name == "" || n.Name == "_" {
				n.Name = fmt.Sprintf("p%d", i)
			}
			args = append(args, dst.NewIdent(n.Name))
			i++
		}
		if _, ok := fld.Type.(*dst.Ellipsis); ok {
			ellipsis = true
		}
	}
	var fun dst.Expr = dst.NewIdent(name)
	if recv != nil {
		fun = &dst.SelectorExpr{X: dst.NewIdent(recv.List[0].Names[0].Name), Sel: dst.NewIdent(name)}
	}
	call := &dst.CallExpr{Fun: fun, Args: args, Ellipsis: ellipsis}
	var body dst.Stmt = &dst.ReturnStmt{Results: []dst.Expr{call}}
	if typ.Results == nil || len(typ.Results.List) == 0 {
		body = &dst.ExprStmt{X: call}
	}
	for _, fld := range typ.Params.List {
		fld.Decs = dst.FieldDecorations{}
	}
	w := &dst.FuncDecl{Recv: recv, Name: dst.NewIdent(old), Type: typ, Body: &dst.BlockStmt{List: []dst.Stmt{body}}}
	w.Decs.Before = dst.EmptyLine
	w.Decs.After = dst.EmptyLine
	w.Decs.Start.Append(
		fmt.Sprintf("// %s is %s without a context.", old, name),
		"//",
		fmt.Sprintf("// Deprecated: use %s, which takes the context the call runs under.", name),
		"//",
		"//go:fix inline",
	)
	dd.Name.Name = name
	for i, line := range dd.Decs.Start { // the doc comment starts with the name
		if strings.HasPrefix(line, "// "+old+" ") {
			dd.Decs.Start[i] = "// " + name + line[len("// "+old):]
			break
		}
	}
	df := e.files[f.file.name]
	for i, d := range df.Decls {
		if d == dd {
			df.Decls = slices.Insert(df.Decls, i+1, dst.Decl(w))
			return
		}
	}
	e.fail("%s: cannot place the wrapper of %s", e.p.fset.Position(pos), old)
}

// nameCtx names the blank or unnamed context parameter of the function
// whose type is at pos (the other parameters of an unnamed list become _),
// and records the name for the calls inside.
func (e *edit) nameCtx(pos token.Pos) {
	fn, ft := e.funcTypeAt(pos)
	if ft == nil {
		e.fail("%s: no function to name the context of", e.p.fset.Position(pos))
		return
	}
	f := e.p.fileAt(pos)
	info := f.pkg.TypesInfo
	dft, ok := e.dstOf(ft).(*dst.FuncType)
	if !ok {
		e.fail("%s: cannot edit the parameters", e.p.fset.Position(pos))
		return
	}
	name := freeName(fn, "ctx", info, false)
	for i, fld := range ft.Params.List {
		df := dft.Params.List[i]
		isCtx := false
		if t := info.TypeOf(fld.Type); t != nil && ctxtypes.IsContext(t) {
			isCtx = true
		}
		switch {
		case isCtx && len(df.Names) <= 1:
			df.Names = []*dst.Ident{dst.NewIdent(name)}
		case len(df.Names) == 0:
			df.Names = []*dst.Ident{dst.NewIdent("_")}
		}
	}
	if scope := info.Scopes[ft]; scope != nil {
		e.params[scope] = name
	}
}

// funcTypeAt is the function (declaration or literal) whose type starts
// at pos, and the type.
func (e *edit) funcTypeAt(pos token.Pos) (ast.Node, *ast.FuncType) {
	_, path := e.p.enclosing(pos)
	for _, n := range path {
		if ft := funcType(n); ft != nil && ft.Pos() == pos {
			return n, ft
		}
	}
	return nil, nil
}
