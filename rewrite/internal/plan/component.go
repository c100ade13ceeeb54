package plan

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"

	"github.com/ctxlint/ctxlint/internal/ctxtypes"
	"github.com/ctxlint/ctxlint/rewrite/internal/change"
	"github.com/ctxlint/ctxlint/rewrite/internal/excluded"
	"github.com/ctxlint/ctxlint/rewrite/internal/source"
)

// component plans the change set of everything that changes with n (met
// at the call from): the
// functions, literals, interface methods and func types it is connected
// to, and all their calls. It refuses the whole set when one member cannot
// change.
func (b *builder) component(n node, label string, from token.Pos) setKey {
	if key, ok := b.comp[n]; ok {
		if r := b.refused[key]; r != nil {
			b.serve(&r.Paths, label)
		}
		return key
	}
	members := b.flow.closure(n)
	key := groupKey(n)
	for _, m := range members {
		b.comp[m] = key
	}
	class, reason, at := b.flow.refusal(members)
	var excluded []change.ExcludedEdit
	if class == "" {
		excluded, class, reason, at = b.excludedEdits(members)
	}
	if class != "" {
		if b.prog.FileAt(at) == nil {
			at = from // a declaration of another module: point at the user's call
		}
		key = b.refuse(class, reason, b.prog.Fset.Position(at), label)
		for _, m := range members {
			b.comp[m] = key
		}
		return key
	}
	cs := &change.Set{Excluded: excluded}
	var names []string
	for _, m := range members {
		switch m.kind {
		case "func", "iface", "lit", "texpr":
			if !b.flow.hasContext(m) {
				cs.AddParam = append(cs.AddParam, m.pos)
			}
			if m.kind != "texpr" && m.kind != "lit" {
				names = append(names, b.flow.nameOf(m))
			}
		}
		if m.kind == "extfunc" {
			cs.Adapt = append(cs.Adapt, m.pos) // a use as a value: wrapped
			continue
		}
		if !b.flow.hasContext(m) || m.kind == "slot" || m.kind == "elem" {
			for _, c := range b.flow.calls[m] {
				if !b.flow.callHasContext(c) {
					cs.PassCtx = append(cs.PassCtx, c.Lparen)
				}
			}
		}
	}
	if len(cs.AddParam) == 0 && len(cs.PassCtx) == 0 && len(cs.Adapt) == 0 {
		return key // everything already takes a context
	}
	sort.Strings(names)
	cs.Name = strings.Join(names, ", ")
	if cs.Name == "" {
		cs.Name = b.flow.nameOf(n)
	}
	cs.AddParam = change.Uniq(cs.AddParam)
	cs.PassCtx = change.Uniq(cs.PassCtx)
	for _, lp := range cs.PassCtx {
		if pos, ok := b.blankAround(lp); ok {
			cs.NameCtx = append(cs.NameCtx, pos)
		}
	}
	cs.NameCtx = change.Uniq(cs.NameCtx)
	if b.opts.Compat && len(members) == 1 && members[0].kind == "func" && !slices.ContainsFunc(excluded, func(e change.ExcludedEdit) bool { return e.Decl }) {
		if f := b.prog.Funcs[members[0].pos]; f != nil && b.compatible(f) {
			// The wrapper keeps the old signature for the files the
			// build excludes too: their calls stay. (A platform's own
			// declaration would lack FContext: no wrapper then.)
			cs.Compat = []token.Pos{members[0].pos}
			cs.Excluded = nil
		}
	}
	b.add(key, cs)
	return key
}

// compatible reports whether f gets a wrapper under -fix.compat: an
// exported function, or an exported method of an exported type, that
// code outside the module can call (not in package main or under an
// internal directory), with no FContext beside it already.
func (b *builder) compatible(f *source.Func) bool {
	if f.Obj == nil || !f.Obj.Exported() || f.File.Pkg.Name == "main" || f.Decl.Body == nil {
		return false
	}
	path := f.File.Pkg.PkgPath
	if strings.Contains(path+"/", "/internal/") || strings.HasPrefix(path, "internal/") {
		return false
	}
	name := f.Obj.Name() + "Context"
	if recv := f.Obj.Signature().Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		n, ok := types.Unalias(t).(*types.Named)
		if !ok || !n.Obj().Exported() {
			return false
		}
		obj, _, _ := types.LookupFieldOrMethod(recv.Type(), true, f.Obj.Pkg(), name)
		return obj == nil
	}
	return f.Obj.Pkg().Scope().Lookup(name) == nil
}

// excludedEdits are the edits of the files the build excludes that
// change with a set of these members, or why the set is refused
// (package excluded).
func (b *builder) excludedEdits(members []node) (edits []change.ExcludedEdit, class, reason string, at token.Pos) {
	if b.excluded == nil {
		b.excluded = excluded.New(b.prog, b.opts.Builds, b.opts.Tags)
	}
	if len(b.excluded.Files) == 0 {
		return nil, "", "", token.NoPos
	}
	ix := b.flow.index()
	var gain []excluded.Member
	for _, m := range members {
		if b.flow.hasContext(m) {
			continue
		}
		switch m.kind {
		case "func", "iface":
			if f := ix.funcs[m.pos]; f != nil {
				gain = append(gain, excluded.Member{Pos: m.pos, Obj: f})
			}
		case "slot":
			if v := b.prog.VarAt(m.pos); v != nil {
				gain = append(gain, excluded.Member{Pos: m.pos, Obj: v})
			}
		}
	}
	return b.excluded.Edits(gain)
}

// blankAround returns the type's position of the innermost function
// around the call at lparen whose context parameter is blank, when no
// named context is in scope there: the call passes that parameter, named,
// rather than context.TODO() (a handler stored in a map as
// func(_ context.Context, n int) error is called with its caller's ctx).
func (b *builder) blankAround(lparen token.Pos) (token.Pos, bool) {
	pos, ok := b.blank[lparen]
	if !ok {
		pos = b.findBlank(lparen)
		b.blank[lparen] = pos
	}
	return pos, pos.IsValid()
}

func (b *builder) findBlank(lparen token.Pos) token.Pos {
	if b.contextInScope(lparen) {
		return token.NoPos
	}
	f, path := b.prog.Enclosing(lparen)
	for _, n := range path {
		if ft := source.FuncType(n); ft != nil && blankContext(f.Pkg.TypesInfo, ft) {
			return ft.Pos()
		}
		if _, ok := n.(*ast.FuncDecl); ok {
			break
		}
	}
	return token.NoPos
}

// blankContext reports whether ft has a context parameter that code
// cannot refer to: named _ or unnamed.
func blankContext(info *types.Info, ft *ast.FuncType) bool {
	for _, f := range ft.Params.List {
		if t := info.TypeOf(f.Type); t != nil && ctxtypes.IsContext(t) {
			return len(f.Names) == 0 || f.Names[0].Name == "_"
		}
	}
	return false
}
