package apply

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"runtime"
	"slices"

	"github.com/ctxlint/ctxlint/rewrite/internal/change"
	"github.com/ctxlint/ctxlint/rewrite/internal/excluded"
	"github.com/ctxlint/ctxlint/rewrite/internal/source"
	"github.com/ctxlint/ctxlint/rewrite/internal/timing"
	"github.com/dave/dst"
	"github.com/dave/dst/decorator"
	"golang.org/x/sync/errgroup"
)

// edit applies change sets to the files they touch, in dst, so that
// comments and blank lines stay where they were.
type edit struct {
	a     *Applier
	p     *source.Program
	decs  map[string]*decorator.Decorator // by file name
	files map[string]*dst.File            // touched files, by name
	// params are the names of the ctx parameters added to functions
	// (FuncDecl or FuncLit), by the scope of the function.
	params map[*types.Scope]string
	// regions are the loops' derived contexts.
	regions []region
	errs    map[*change.Set]error
	set     *change.Set // the set being applied, for errors
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
	gained map[token.Pos]*change.Set
	// parts are the files decorated in part, by name; missed names those
	// where an edit fell outside the part, to decorate whole.
	parts  map[string]*part
	missed map[string]bool
	// spreadNames are the names spread declared, by the declaration
	// they are in: two spreads in one block must not both declare a.
	spreadNames map[*ast.FuncDecl]map[string]bool
}

// An Applier applies change sets to the program's files. It remembers,
// from one call to the next, the files an edit could not be made in part
// of (part.go), to decorate them whole.
type Applier struct {
	prog *source.Program
	// todo rewrites a blocking call even where no ctx was threaded to
	// it, with what ctxAt finds in scope (Options.Todo).
	todo bool
	// whole names the files to decorate whole: an edit fell outside the
	// declarations the sets name.
	whole map[string]bool
}

// New is an Applier of the program's files; todo is Options.Todo.
func New(prog *source.Program, todo bool) *Applier {
	return &Applier{prog: prog, todo: todo, whole: map[string]bool{}}
}

// Apply edits the files for the change sets and returns their new
// contents, by file name. A set that cannot be applied as planned is
// reported in failed and left out whole.
func (a *Applier) Apply(sets []*change.Set) (out map[string][]byte, failed map[*change.Set]error, err error) {
	e := &edit{
		a:           a,
		p:           a.prog,
		decs:        map[string]*decorator.Decorator{},
		files:       map[string]*dst.File{},
		params:      map[*types.Scope]string{},
		errs:        map[*change.Set]error{},
		compatNames: map[token.Pos]string{},
		parts:       map[string]*part{},
		missed:      map[string]bool{},
		gained:      map[token.Pos]*change.Set{},
		drop:        map[ast.Stmt]bool{},
		renamed:     map[*dst.CallExpr]bool{},
		spreadNames: map[*ast.FuncDecl]map[string]bool{},
	}
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
			e.compatNames[pos] = e.p.Funcs[pos].Decl.Name.Name + "Context"
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
		return a.again(sets, e.missed)
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
		return a.again(sets, e.missed)
	}
	excluded, failed := excluded.Apply(a.prog, sets)
	if len(failed) > 0 {
		return nil, failed, nil
	}
	maps.Copy(out, excluded)
	return out, nil, nil
}

// again applies the sets once more, decorating the named files whole.
func (a *Applier) again(sets []*change.Set, whole map[string]bool) (map[string][]byte, map[*change.Set]error, error) {
	for name := range whole {
		a.whole[name] = true
	}
	return a.Apply(sets)
}

// predecorate decorates, ahead and in parallel, the files the sets name:
// dst's decoration of a large change is most of Apply's time. A file it
// could not decorate is decorated, and its error reported, when an edit
// uses it.
func (e *edit) predecorate(sets []*change.Set) {
	var order []*source.File
	at := map[*source.File][]token.Pos{}
	add := func(positions []token.Pos) {
		for _, pos := range positions {
			f := e.p.FileAt(pos)
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
		syntax := f.Syntax
		var pt *part
		if !e.a.whole[f.Name] {
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
			e.decs[f.Name] = decs[i]
			e.decorated[f.Name] = files[i]
			if parts[i] != nil {
				e.parts[f.Name] = parts[i]
			}
		}
	}
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
			timing.Logf("%s: decorated whole: %v", name, errs[i])
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
