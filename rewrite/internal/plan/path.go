package plan

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
	"github.com/ctxlint/ctxlint/internal/ctxtypes"
	"github.com/ctxlint/ctxlint/rewrite/internal/change"
	"github.com/ctxlint/ctxlint/rewrite/internal/source"
)

// hop is one call of a path, found in the syntax.
type hop struct {
	pos   token.Pos
	call  *ast.CallExpr
	file  *source.File
	inner ast.Node // the innermost function around the call
	decl  *ast.FuncDecl
}

// passedAt resolves a hop at a function value passed to a function of the
// module, which calls it (g(xs, r.named), and in g, f(x)): the call of g,
// then g's call of its parameter. The context goes down through g, as
// it would through any call; nil when pos is no such value.
func (b *builder) passedAt(pos token.Pos) []hop {
	p := b.prog
	f, path := p.Enclosing(pos)
	if f == nil || len(path) < 2 {
		return nil
	}
	var arg ast.Expr
	var call *ast.CallExpr
	for i, n := range path[:len(path)-1] {
		if c, ok := path[i+1].(*ast.CallExpr); ok && n.Pos() == pos {
			if e, ok := n.(ast.Expr); ok && slices.Contains(c.Args, e) {
				arg, call = e, c
				break
			}
		}
	}
	if call == nil || !holdsFunc(f.Pkg.TypesInfo.TypeOf(arg)) {
		return nil
	}
	fn, ok := typeutil.Callee(f.Pkg.TypesInfo, call).(*types.Func)
	if !ok {
		return nil
	}
	g := p.FuncOf(fn)
	if g == nil || g.Decl.Body == nil {
		return nil
	}
	i := slices.Index(call.Args, arg)
	if sig := fn.Signature(); sig.Variadic() && call.Ellipsis == token.NoPos {
		i = min(i, sig.Params().Len()-1) // g(f1, f2) into fs ...func()
	}
	var param types.Object
	k := 0
	for _, field := range g.Decl.Type.Params.List {
		for _, name := range field.Names {
			if k == i {
				param = g.File.Pkg.TypesInfo.Defs[name]
			}
			k++
		}
	}
	if param == nil {
		return nil
	}
	var inside *ast.CallExpr
	ast.Inspect(g.Decl.Body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && inside == nil {
			if id, ok := ast.Unparen(c.Fun).(*ast.Ident); ok && g.File.Pkg.TypesInfo.Uses[id] == param {
				inside = c
			}
		}
		return inside == nil
	})
	if inside == nil {
		return nil
	}
	outerInner, outerDecl := p.FuncAt(call.Pos())
	innerInner, innerDecl := p.FuncAt(inside.Pos())
	return []hop{
		{pos: call.Pos(), call: call, file: f, inner: outerInner, decl: outerDecl},
		{pos: inside.Pos(), call: inside, file: g.File, inner: innerInner, decl: innerDecl},
	}
}

// resolvedKey is a hop's call: its position and the callee's name.
type resolvedKey struct {
	pos  token.Pos
	next string
}

// path plans the changes one report needs. It returns how many of the
// path's hops the plan keeps (the path may end above its last call), 0
// when the path is refused.
func (b *builder) path(s ctxprop.Stuck) (kept int) {
	p := b.prog
	label := fmt.Sprintf("%s (%s): %s", s.Component, s.Kind, s.Reach.SinkText())
	path := s.Reach.Path()
	hops := make([]hop, 0, len(path))
	var of []int // of[j]: the index in path of hops[j]
	for i, h := range path {
		if i > 0 && p.Files[h.File] == nil && !p.InModule(h.File) {
			// The path enters a dependency: its call in the module is the
			// boundary, given the context as a blocking call would be (a
			// context form, or a request that carries it).
			break
		}
		pos := p.Pos(h.File, h.Line, h.Col)
		next := s.Reach.Sink
		if i+1 < len(path) {
			next = path[i+1].Func
		} else if s.Reach.Entry != "" {
			next = s.Reach.Entry
		}
		key := resolvedKey{pos, next}
		r, ok := b.resolved[key]
		if !ok {
			// Paths share most hops (expand adds hundreds of thousands
			// on a large module): find each call once.
			if call := p.CallAt(pos, calleeNamed(p, next)); call != nil {
				inner, decl := p.FuncAt(pos)
				r = []hop{{pos: pos, call: call, file: p.FileAt(pos), inner: inner, decl: decl}}
			} else {
				r = b.passedAt(pos)
			}
			b.resolved[key] = r
		}
		if r == nil && p.ReceiveAt(pos) {
			b.refuse("hand-off", fmt.Sprintf("%s waits at %s:%d for %s, which sends on the channel it receives from: a context does not follow a channel; send the deadline with the work, or bound the wait, by hand", h.Func, filepath.Base(h.File), h.Line, next), p.Fset.Position(pos), label)
			return 0
		}
		if r == nil {
			b.refuse("unresolved", fmt.Sprintf("no call of %s at %s:%d:%d in the loaded packages", next, h.File, h.Line, h.Col), p.Fset.Position(pos), label)
			return 0
		}
		hops = append(hops, r...)
		for range r {
			of = append(of, i)
		}
	}
	if len(hops) == 0 || hops[0].decl == nil {
		return 0
	}
	if s.Reach.Entry != "" {
		// The path enters a generated or cgo file of the module through a
		// function without a context: it cannot change. (One that takes a
		// context gets the threaded one, as any call.)
		last := hops[len(hops)-1]
		info := last.file.Pkg.TypesInfo
		// The signature as the call sees it: a generic type's method
		// takes a context only once instantiated with one.
		sig, _ := types.Unalias(info.TypeOf(last.call.Fun)).Underlying().(*types.Signature)
		if fn, ok := typeutil.Callee(info, last.call).(*types.Func); ok && sig != nil && ctxtypes.ContextParam(sig) < 0 {
			if tf := p.Fset.File(fn.Pos()); tf != nil && (p.CgoFiles[tf.Name()] || p.InModule(tf.Name()) && p.Files[tf.Name()] == nil) {
				class, why := "generated file", "is declared in a generated file, which ctxlint does not edit: regenerate it with a context (for gRPC, the generated clients take one)"
				if p.CgoFiles[tf.Name()] {
					class, why = "cgo", "is declared in a file cgo generates, which ctxlint cannot edit"
				}
				b.refuse(class, fmt.Sprintf("%s %s", fn.FullName(), why), p.Fset.Position(last.call.Pos()), label)
				return 0
			}
		}
	}
	if k, nr := b.requestAbove(hops); nr != nil {
		// The request is built by a caller on the path: its construction
		// is the call to give the context, and the functions below it
		// need none.
		hops = hops[:k+1]
		hops[k].call = nr
	}
	root := hops[0]
	loopKey, ok := b.loop(root, label, s.Kind)
	if !ok {
		return 0
	}
	// passes[i]: the call of hop i must pass a context. The sink's does;
	// a call into a function that needs one does, unless that function is
	// a closure of a function on the path before it, which captures ctx.
	n := len(hops)
	passes := make([]bool, n)
	passes[n-1] = true
	captured := map[*ast.FuncDecl]bool{} // a closure inside needs the decl's ctx
	for i := n - 2; i >= 0; i-- {
		next := hops[i+1]
		need := passes[i+1] || captured[next.decl] && next.inner == ast.Node(next.decl)
		if _, ok := next.inner.(*ast.FuncLit); ok && declBefore(hops[:i+1], next.decl) {
			captured[next.decl] = captured[next.decl] || need
			continue
		}
		passes[i] = need
	}
	b.roots[root.decl] = true
	for i := 1; i < n; i++ {
		// A function on the path that takes a context but leaves it
		// unnamed (_ context.Context) names it, so its calls can pass it.
		if !passes[i] {
			continue
		}
		if pos, ok := b.blankAround(hops[i].call.Lparen); ok {
			b.single("name", pos, func(cs *change.Set) { cs.NameCtx = append(cs.NameCtx, pos) }, label)
		}
	}
	keys := []setKey{loopKey}
	for i := range n - 1 {
		if !passes[i] {
			continue
		}
		n := b.calleeNode(hops[i])
		if n.kind == "" {
			b.refuse("unresolved", fmt.Sprintf("cannot tell what %s calls", types.ExprString(hops[i].call.Fun)), p.Fset.Position(hops[i].pos), label)
			return 0
		}
		keys = append(keys, b.component(n, label, hops[i].call.Pos()))
		b.emptyArgs(hops[i], label)
	}
	last := hops[len(hops)-1]
	b.emptyArgs(last, label)
	if b.commandHasContext(last) {
		// Built through a value that takes the context, given the one in
		// scope: bounded by it (an earlier pass threaded it). A fake a
		// test stores there may ignore it; the program's value does not.
		return 0
	}
	if n := b.dynamicSink(last); n.kind != "" {
		// The blocking function is called through a value (a field that
		// tests swap, set to net.DialTimeout): the value's type takes ctx,
		// its calls pass it, and the function stored is adapted to its
		// context form.
		keys = append(keys, b.component(n, label, last.call.Pos()))
	} else if n, at := b.commandSlot(last); n.kind != "" {
		// The command is built through a value (execCommand, set to
		// exec.Command so that tests can swap it): likewise, and
		// exec.Command becomes exec.CommandContext.
		keys = append(keys, b.component(n, label, at))
	} else {
		b.single("sink", last.call.Lparen, func(cs *change.Set) { cs.Sinks = append(cs.Sinks, last.call.Lparen) }, label)
	}
	if s.Reach.Origin != "" {
		if pos := b.originPos(s.Reach.Origin); pos.IsValid() {
			b.single("empty", pos, func(cs *change.Set) { cs.Empty = append(cs.Empty, pos) }, label)
		}
	}
	blocked := false
	for _, k := range keys {
		if cs := b.sets[k]; cs != nil {
			b.serve(&cs.Paths, label)
		}
		blocked = blocked || b.refused[k] != nil
		b.onPath[k] = true
	}
	if blocked {
		return 0
	}
	for _, k := range keys {
		b.use[k]++
	}
	return of[len(hops)-1] + 1 // in the report's hops, which expand reads
}

// requestAbove finds where the request a path's last call sends (a
// (*http.Client).Do or a RoundTrip) is built, with http.NewRequest or
// NewRequestWithContext, when it reaches that call as a parameter: up the
// path, argument by argument, to the hop whose function builds it. It
// returns the hop and the call that builds the request, or nil when the
// request is built where it is sent, or cannot be followed.
func (b *builder) requestAbove(hops []hop) (int, *ast.CallExpr) {
	last := hops[len(hops)-1]
	fn, ok := typeutil.Callee(last.file.Pkg.TypesInfo, last.call).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "net/http" || (fn.Name() != "Do" && fn.Name() != "RoundTrip") || len(last.call.Args) != 1 {
		return 0, nil
	}
	arg := last.call.Args[0]
	for k := len(hops) - 1; k >= 0; k-- {
		h := hops[k]
		id, ok := ast.Unparen(arg).(*ast.Ident)
		if !ok || h.decl == nil {
			return 0, nil
		}
		info := h.file.Pkg.TypesInfo
		obj := info.ObjectOf(id)
		for _, c := range b.assigned(info, h.decl, obj) {
			if f, ok := typeutil.Callee(info, c).(*types.Func); ok && f.Pkg() != nil && f.Pkg().Path() == "net/http" {
				if k == len(hops)-1 || f.Name() != "NewRequest" && f.Name() != "NewRequestWithContext" {
					return 0, nil // built where it is sent
				}
				return k, c
			}
		}
		// A parameter of the function around the call: follow the
		// argument the caller (the hop before) passes.
		ft := source.FuncType(h.inner)
		j, field := ctxtypes.ParamIndex(info, ft, obj)
		if j < 0 || k == 0 || j >= len(hops[k-1].call.Args) {
			return 0, nil
		}
		if _, variadic := field.Type.(*ast.Ellipsis); variadic {
			return 0, nil
		}
		arg = hops[k-1].call.Args[j]
	}
	return 0, nil
}

// calleeNamed matches a call whose callee's name is the last part of name
// ("~Client.GetNodename", "(*net/http.Client).Do").
func calleeNamed(p *source.Program, name string) func(*ast.CallExpr) bool {
	name = strings.TrimPrefix(name, "~")
	if i := strings.LastIndexAny(name, ".)"); i >= 0 {
		name = name[i+1:]
	}
	if i := strings.IndexByte(name, '['); i >= 0 {
		name = name[:i]
	}
	return func(c *ast.CallExpr) bool {
		switch fun := ast.Unparen(c.Fun).(type) {
		case *ast.Ident:
			return fun.Name == name
		case *ast.SelectorExpr:
			return fun.Sel.Name == name
		}
		return true // an index expression or a literal: take it
	}
}

func (b *builder) originPos(origin string) token.Pos {
	i := strings.LastIndexByte(origin, ':')
	j := strings.LastIndexByte(origin[:max(i, 0)], ':')
	if i < 0 || j < 0 {
		return token.NoPos
	}
	var line, col int
	if _, err := fmt.Sscanf(origin[j+1:], "%d:%d", &line, &col); err != nil {
		return token.NoPos
	}
	return b.prog.Pos(origin[:j], line, col)
}

// emptyArgs plans, for a call on the path to a function that already takes
// a context, to pass the threaded context instead of Background or TODO.
func (b *builder) emptyArgs(h hop, label string) {
	info := h.file.Pkg.TypesInfo
	for _, arg := range h.call.Args {
		if source.EmptyContext(info, arg) {
			pos := arg.Pos()
			b.single("empty", pos, func(cs *change.Set) { cs.Empty = append(cs.Empty, pos) }, label)
		}
	}
}

// dynamicSink is the flow node of the value a path's blocking call calls,
// when it calls one (no function is called statically); the zero node
// otherwise.
func (b *builder) dynamicSink(last hop) node {
	info := last.file.Pkg.TypesInfo
	if _, ok := typeutil.Callee(info, last.call).(*types.Func); ok {
		return node{}
	}
	if _, ok := ast.Unparen(last.call.Fun).(*ast.FuncLit); ok {
		return node{}
	}
	switch n := b.calleeNode(last); n.kind {
	case "slot", "elem", "named", "ret":
		return n
	}
	return node{}
}

// commandSlot finds, for a path that ends in a method of *exec.Cmd, the
// value the command is built through (var execCommand = exec.Command, a
// field of that type), called in the method's receiver or in a call
// assigned to it in the function: its flow node, and the call. It
// returns no node where any of those calls is not through such a value
// (exec.Command itself is the sink's to rename).
func (b *builder) commandSlot(last hop) (node, token.Pos) {
	info := last.file.Pkg.TypesInfo
	builds := b.commandBuilds(last)
	var slot node
	for _, c := range builds {
		if _, ok := typeutil.Callee(info, c).(*types.Func); ok {
			return node{}, token.NoPos
		}
		switch n := b.flow.nodeOf(info, c.Fun); n.kind {
		case "slot", "elem", "named", "ret":
			if slot.kind != "" && n != slot {
				return node{}, token.NoPos
			}
			slot = n
		default:
			return node{}, token.NoPos
		}
	}
	if slot.kind == "" {
		return node{}, token.NoPos
	}
	return slot, builds[0].Pos()
}

// commandBuilds returns, for a hop that calls a method of *exec.Cmd, the
// calls that build the command: the receiver itself, or the values
// assigned to the local it is.
func (b *builder) commandBuilds(last hop) []*ast.CallExpr {
	info := last.file.Pkg.TypesInfo
	fn, ok := typeutil.Callee(info, last.call).(*types.Func)
	sel, isSel := ast.Unparen(last.call.Fun).(*ast.SelectorExpr)
	if !ok || !isSel || fn.Signature().Recv() == nil || types.TypeString(fn.Signature().Recv().Type(), nil) != "*os/exec.Cmd" {
		return nil
	}
	switch x := ast.Unparen(sel.X).(type) {
	case *ast.CallExpr:
		return []*ast.CallExpr{x}
	case *ast.Ident:
		if last.inner != nil {
			return b.assigned(info, last.inner, info.ObjectOf(x))
		}
	}
	return nil
}

// commandHasContext reports whether every call building the command of a
// hop that calls a method of *exec.Cmd goes through a function value and
// passes it, first, a context the function has in scope (a variable, not
// context.TODO()).
func (b *builder) commandHasContext(last hop) bool {
	info := last.file.Pkg.TypesInfo
	builds := b.commandBuilds(last)
	for _, c := range builds {
		if _, static := typeutil.Callee(info, c).(*types.Func); static || len(c.Args) == 0 {
			return false
		}
		id, ok := ast.Unparen(c.Args[0]).(*ast.Ident)
		if !ok || !ctxtypes.IsContext(info.TypeOf(id)) {
			return false
		}
	}
	return len(builds) > 0
}

// calleeNode is the flow node of what a hop calls, memoized: paths share
// most of their hops.
func (b *builder) calleeNode(h hop) node {
	k := calleeKey{h.file, h.call}
	if n, ok := b.callees[k]; ok {
		return n
	}
	n := b.flow.nodeOf(h.file.Pkg.TypesInfo, h.call.Fun)
	if lit, ok := ast.Unparen(h.call.Fun).(*ast.FuncLit); ok {
		n = node{kind: "lit", pos: lit.Type.Pos()}
	}
	b.callees[k] = n
	return n
}

type calleeKey struct {
	file *source.File
	call *ast.CallExpr
}

// declBefore reports whether one of the hops is in decl.
func declBefore(hops []hop, decl *ast.FuncDecl) bool {
	for _, h := range hops {
		if h.decl == decl {
			return true
		}
	}
	return false
}

// assignKey is a variable of a function: assigned's memo key.
type assignKey struct {
	decl ast.Node
	obj  types.Object
}

// assigned is source.AssignedCalls, once per function and variable: every path
// to a (*http.Client).Do asks requestAbove of the same few functions.
func (b *builder) assigned(info *types.Info, decl ast.Node, obj types.Object) []*ast.CallExpr {
	k := assignKey{decl, obj}
	if cs, ok := b.assigns[k]; ok {
		return cs
	}
	cs := source.AssignedCalls(info, decl, obj)
	b.assigns[k] = cs
	return cs
}
