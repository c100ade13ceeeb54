package rewrite

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/ctxlint/ctxlint/analyzers/ctxprop"
	"github.com/ctxlint/ctxlint/internal/ctxtypes"
)

// Options changes what the plan may do.
type Options struct {
	// Todo threads ctx below loops whose ticks carry no deadline, passing
	// context.TODO() at the loop.
	Todo bool
	// Timeout, when positive, bounds each iteration of a monitored loop
	// that receives no health tick (a periodic loop of an agent without a
	// health runtime): the iteration derives its context with
	// context.WithTimeout. //ctxlint:monitored timeout=EXPR overrides it
	// for one loop.
	Timeout time.Duration
	// Compat keeps each exported function that gains ctx under its old
	// signature, as a deprecated wrapper (//go:fix inline) of its new
	// form FContext, for callers outside the loaded packages.
	Compat bool
	// Overlay holds the files rewritten by an earlier pass, as analysed.
	Overlay map[string][]byte
	// Reaches, when set, returns the summaries of what a call may run,
	// from the whole-program run that found the paths. The plan then also
	// covers the other calls of the functions on each path that reach a
	// blocking call without a context: ctxprop reports one path per
	// blocking call, and the next run would report those.
	Reaches func(pkg *types.Package, info *types.Info, call *ast.CallExpr) []*ctxprop.Summary
	// Progress, when set, is told what a long run is doing.
	Progress func(msg string)
	// Tags are the build tags the packages were loaded with: the files
	// they exclude are told from those of other platforms with them, and
	// checked with them (excluded_verify.go).
	Tags []string
	// blames remembers, across Migrate's passes, the names of the sets
	// each error of an excluded build was bisected to: the sets a pass
	// refused are planned again in the next, and their error is first
	// checked against them.
	blames map[string][]string
	// builds keeps, across the passes, the builds loaded to type and
	// check excluded files (excluded_platform.go).
	builds loadedBuilds
}

// maxPaths bounds the paths one plan follows, reported and found by
// expand; past it, the next pass of Migrate finds the rest. expand finds
// each call and reach once, so the bound only guards memory: the
// 2,000-package bench module needs about 365,000.
const maxPaths = 2000000

// Plan is the whole change, decided before any file is touched.
type Plan struct {
	Sets     []*ChangeSet
	Refusals []Refusal
	Found    int // paths expand added to those reported
	prog     *program
	flow     *flow
	opts     Options
	// whole names the files to decorate whole: an edit fell outside the
	// declarations the sets name (part.go).
	whole map[string]bool
	// excluded indexes the files the build excludes, once a set needed it.
	excluded *excluded
	// work maps each loop set to the sets that use its context, once
	// asked (loopwork.go).
	work map[*ChangeSet][]*ChangeSet
}

// A ChangeSet is a connected group of edits, applied whole or not at all.
type ChangeSet struct {
	Name  string   // what changes, e.g. "(*kubelet.Client).query"
	Paths []string // the reports it serves
	// AddParam lists what gains a ctx parameter first: declared functions
	// (their name), function literals and func type expressions (their
	// func keyword or opening parenthesis), interface methods (their name).
	AddParam []token.Pos
	// PassCtx lists the calls (their left parenthesis) that pass ctx first.
	PassCtx []token.Pos
	// Empty lists context.Background() and context.TODO() calls to replace
	// with the context in scope.
	Empty []token.Pos
	// Sinks lists blocking calls (their left parenthesis) to rewrite to
	// their context form.
	Sinks []token.Pos
	// Loop is set for a loop that derives its context from the tick.
	Loop *Loop
	// NameCtx lists functions (their type's position) whose context
	// parameter is blank or unnamed, to name so that ctx can be passed on.
	NameCtx []token.Pos
	// Adapt lists uses of functions of other modules as values (their
	// position) to wrap in a closure that takes ctx first.
	Adapt []token.Pos
	// Compat lists the functions (their name) renamed FContext, with a
	// wrapper under the old name (Options.Compat).
	Compat []token.Pos
	// Excluded lists the edits of files the build excludes (excluded.go).
	Excluded []ExcludedEdit
}

// An ExcludedEdit is an edit of a file the build excludes (other build
// tags or GOOS), which is not type-checked with the rest: a call that
// passes ctx first, or a declaration of the function for another platform
// that gains the parameter. Offsets are in the file's bytes. The file is
// type-checked under a build configuration that includes it before
// anything is written (verifyExcluded).
type ExcludedEdit struct {
	File    string
	Offset  int  // the call's left parenthesis, or the parameter list's opening one
	Decl    bool // a declaration, not a call
	Args    bool // the call has arguments, or the declaration parameters
	Unnamed bool // the declaration's parameters have no names
	// Use marks a use as a value, which is not edited: the set is one of
	// the file's editors, to be blamed if its build fails.
	Use bool
}

// A Refusal is a change ctxlint will not make, and why.
type Refusal struct {
	Class  string // "external interface", "fixed signature", ...
	Reason string
	Pos    token.Position
	Paths  []string
}

func (r Refusal) String() string {
	return fmt.Sprintf("%s: %s: %s", r.Pos, r.Class, r.Reason)
}

// Build plans the change for the paths ctxprop reported over pkgs (loaded
// together, with syntax and types): stuck must come from a whole-program
// run over the same packages, so that every caller and implementation is
// known.
func Build(pkgs []*packages.Package, stuck []ctxprop.Stuck, opts Options) *Plan {
	p := newProgram(pkgs)
	p.overlay = opts.Overlay
	if opts.builds != nil {
		p.builds = opts.builds
	}
	pl := &Plan{prog: p, flow: newFlow(p), opts: opts}
	b := &builder{pl: pl, opts: opts, sets: map[string]*ChangeSet{}, refused: map[string]*Refusal{}, comp: map[node]string{}, roots: map[*ast.FuncDecl]bool{}, use: map[string]int{}, onPath: map[string]bool{}, expanded: map[tail]bool{}, hopExpanded: map[hopKey]bool{}, blank: map[token.Pos]token.Pos{}, tails: map[ast.Node][]tail{}, hopTails: map[hopKey][]tail{}, ignoring: map[*file]map[int]bool{}, resolved: map[resolvedKey][]hop{}, served: map[[2]string]bool{}, callees: map[calleeKey]node{}, loops: map[token.Pos]loopFound{}, assigns: map[assignKey][]*ast.CallExpr{}}
	queue := slices.Clone(stuck)
	for i := 0; i < len(queue); i++ {
		kept := b.path(queue[i])
		if opts.Reaches != nil && kept > 0 && len(queue) < maxPaths {
			queue = append(queue, b.expand(queue[i], kept)...)
		}
	}
	pl.Found = len(queue) - len(stuck)
	b.thread()
	pl.excluded = b.excluded
	for _, key := range b.order {
		if cs := b.sets[key]; cs != nil && (!b.onPath[key] || b.use[key] > 0) {
			pl.Sets = append(pl.Sets, cs)
		}
	}
	pl.Sets = mergeShared(pl.Sets)
	for _, key := range b.refusedOrder {
		pl.Refusals = append(pl.Refusals, *b.refused[key])
	}
	return pl
}

type builder struct {
	pl           *Plan
	opts         Options
	sets         map[string]*ChangeSet
	order        []string
	refused      map[string]*Refusal
	refusedOrder []string
	comp         map[node]string // node → key of its change set or refusal
	roots        map[*ast.FuncDecl]bool
	excluded     *excluded // the files the build excludes, parsed on first use
	// use counts, by set, the paths through it not refused; onPath marks
	// the sets on any path. A set whose every path is refused below it
	// would take a context nobody uses, and its loop would pass
	// context.TODO() though it has a deadline: it is left out.
	use    map[string]int
	onPath map[string]bool
	// expanded marks the paths expand found (by call and reach); tails
	// and hopTails memoize tailsOf and tailsAt.
	expanded map[tail]bool
	// hopExpanded marks the hops whose tails were all expanded.
	hopExpanded map[hopKey]bool
	// blank memoizes blankAround, by the call's left parenthesis.
	blank    map[token.Pos]token.Pos
	tails    map[ast.Node][]tail
	hopTails map[hopKey][]tail
	ignoring map[*file]map[int]bool // lines a ctxprop directive suppresses
	resolved map[resolvedKey][]hop  // hops found, for path
	// served marks the paths (labels) each change set or refusal (by
	// key) already lists: a set on every path of a large program serves
	// hundreds of thousands.
	served  map[[2]string]bool
	callees map[calleeKey]node            // calleeNode's memo
	loops   map[token.Pos]loopFound       // loopAt's memo, by the root's call
	assigns map[assignKey][]*ast.CallExpr // assigned's memo
}

// hop is one call of a path, found in the syntax.
type hop struct {
	pos   token.Pos
	call  *ast.CallExpr
	file  *file
	inner ast.Node // the innermost function around the call
	decl  *ast.FuncDecl
}

// passedAt resolves a hop at a function value passed to a function of the
// module, which calls it (g(xs, r.named), and in g, f(x)): the call of g,
// then g's call of its parameter. The context goes down through g, as
// it would through any call; nil when pos is no such value.
func (b *builder) passedAt(pos token.Pos) []hop {
	p := b.pl.prog
	f, path := p.enclosing(pos)
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
	if call == nil || !holdsFunc(f.pkg.TypesInfo.TypeOf(arg)) {
		return nil
	}
	fn, ok := typeutil.Callee(f.pkg.TypesInfo, call).(*types.Func)
	if !ok {
		return nil
	}
	g := p.funcOf(fn)
	if g == nil || g.decl.Body == nil {
		return nil
	}
	i := slices.Index(call.Args, arg)
	if sig := fn.Signature(); sig.Variadic() && call.Ellipsis == token.NoPos {
		i = min(i, sig.Params().Len()-1) // g(f1, f2) into fs ...func()
	}
	var param types.Object
	k := 0
	for _, field := range g.decl.Type.Params.List {
		for _, name := range field.Names {
			if k == i {
				param = g.file.pkg.TypesInfo.Defs[name]
			}
			k++
		}
	}
	if param == nil {
		return nil
	}
	var inside *ast.CallExpr
	ast.Inspect(g.decl.Body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && inside == nil {
			if id, ok := ast.Unparen(c.Fun).(*ast.Ident); ok && g.file.pkg.TypesInfo.Uses[id] == param {
				inside = c
			}
		}
		return inside == nil
	})
	if inside == nil {
		return nil
	}
	outerInner, outerDecl := p.funcAt(call.Pos())
	innerInner, innerDecl := p.funcAt(inside.Pos())
	return []hop{
		{pos: call.Pos(), call: call, file: f, inner: outerInner, decl: outerDecl},
		{pos: inside.Pos(), call: inside, file: g.file, inner: innerInner, decl: innerDecl},
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
	p := b.pl.prog
	label := fmt.Sprintf("%s (%s): %s", s.Component, s.Kind, s.Reach.SinkText())
	path := s.Reach.Path()
	hops := make([]hop, 0, len(path))
	var of []int // of[j]: the index in path of hops[j]
	for i, h := range path {
		if i > 0 && p.files[h.File] == nil && !p.inModule(h.File) {
			// The path enters a dependency: its call in the module is the
			// boundary, given the context as a blocking call would be (a
			// context form, or a request that carries it).
			break
		}
		pos := p.pos(h.File, h.Line, h.Col)
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
			if call := p.callAt(pos, calleeNamed(p, next)); call != nil {
				inner, decl := p.funcAt(pos)
				r = []hop{{pos: pos, call: call, file: p.fileAt(pos), inner: inner, decl: decl}}
			} else {
				r = b.passedAt(pos)
			}
			b.resolved[key] = r
		}
		if r == nil && p.receiveAt(pos) {
			b.refuse("hand-off", fmt.Sprintf("%s waits at %s:%d for %s, which sends on the channel it receives from: a context does not follow a channel; send the deadline with the work, or bound the wait, by hand", h.Func, filepath.Base(h.File), h.Line, next), p.fset.Position(pos), label)
			return 0
		}
		if r == nil {
			b.refuse("unresolved", fmt.Sprintf("no call of %s at %s:%d:%d in the loaded packages", next, h.File, h.Line, h.Col), p.fset.Position(pos), label)
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
		if fn, ok := typeutil.Callee(last.file.pkg.TypesInfo, last.call).(*types.Func); ok && ctxtypes.ContextParam(fn.Signature()) < 0 {
			if tf := p.fset.File(fn.Pos()); tf != nil && (p.cgoFiles[tf.Name()] || p.inModule(tf.Name()) && p.files[tf.Name()] == nil) {
				class, why := "generated file", "is declared in a generated file, which ctxlint does not edit: regenerate it with a context (for gRPC, the generated clients take one)"
				if p.cgoFiles[tf.Name()] {
					class, why = "cgo", "is declared in a file cgo generates, which ctxlint cannot edit"
				}
				b.refuse(class, fmt.Sprintf("%s %s", fn.FullName(), why), p.fset.Position(last.call.Pos()), label)
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
			b.single("name", pos, func(cs *ChangeSet) { cs.NameCtx = append(cs.NameCtx, pos) }, label)
		}
	}
	keys := []string{loopKey}
	for i := range n - 1 {
		if !passes[i] {
			continue
		}
		n := b.calleeNode(hops[i])
		if n.kind == "" {
			b.refuse("unresolved", fmt.Sprintf("cannot tell what %s calls", types.ExprString(hops[i].call.Fun)), p.fset.Position(hops[i].pos), label)
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
		b.single("sink", last.call.Lparen, func(cs *ChangeSet) { cs.Sinks = append(cs.Sinks, last.call.Lparen) }, label)
	}
	if s.Reach.Origin != "" {
		if pos := b.originPos(s.Reach.Origin); pos.IsValid() {
			b.single("empty", pos, func(cs *ChangeSet) { cs.Empty = append(cs.Empty, pos) }, label)
		}
	}
	blocked := false
	for _, k := range keys {
		if cs := b.sets[k]; cs != nil {
			b.serve(&cs.Paths, "set "+k, label)
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
	fn, ok := typeutil.Callee(last.file.pkg.TypesInfo, last.call).(*types.Func)
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
		info := h.file.pkg.TypesInfo
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
		ft := funcType(h.inner)
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

// funcType is the type of a function declaration or literal.
func funcType(fn ast.Node) *ast.FuncType {
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		return fn.Type
	case *ast.FuncLit:
		return fn.Type
	}
	return nil
}

// funcBody is the body of a function declaration or literal.
func funcBody(fn ast.Node) *ast.BlockStmt {
	switch fn := fn.(type) {
	case *ast.FuncDecl:
		return fn.Body
	case *ast.FuncLit:
		return fn.Body
	}
	return nil
}

// calleeNamed matches a call whose callee's name is the last part of name
// ("~Client.GetNodename", "(*net/http.Client).Do").
func calleeNamed(p *program, name string) func(*ast.CallExpr) bool {
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
	return b.pl.prog.pos(origin[:j], line, col)
}

// emptyArgs plans, for a call on the path to a function that already takes
// a context, to pass the threaded context instead of Background or TODO.
func (b *builder) emptyArgs(h hop, label string) {
	info := h.file.pkg.TypesInfo
	for _, arg := range h.call.Args {
		if emptyContext(info, arg) {
			pos := arg.Pos()
			b.single("empty", pos, func(cs *ChangeSet) { cs.Empty = append(cs.Empty, pos) }, label)
		}
	}
}

// single adds a change set of one edit that needs only a context in scope.
func (b *builder) single(kind string, pos token.Pos, fill func(*ChangeSet), label string) {
	key := fmt.Sprintf("%s@%d", kind, pos)
	if _, ok := b.sets[key]; ok {
		return
	}
	cs := &ChangeSet{Name: fmt.Sprintf("%s at %s", kind, b.pl.prog.fset.Position(pos))}
	fill(cs)
	b.add(key, cs)
}

// dynamicSink is the flow node of the value a path's blocking call calls,
// when it calls one (no function is called statically); the zero node
// otherwise.
func (b *builder) dynamicSink(last hop) node {
	info := last.file.pkg.TypesInfo
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
	info := last.file.pkg.TypesInfo
	builds := b.commandBuilds(last)
	var slot node
	for _, c := range builds {
		if _, ok := typeutil.Callee(info, c).(*types.Func); ok {
			return node{}, token.NoPos
		}
		switch n := b.pl.flow.nodeOf(info, c.Fun); n.kind {
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
	info := last.file.pkg.TypesInfo
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
	info := last.file.pkg.TypesInfo
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
	n := b.pl.flow.nodeOf(h.file.pkg.TypesInfo, h.call.Fun)
	if lit, ok := ast.Unparen(h.call.Fun).(*ast.FuncLit); ok {
		n = node{kind: "lit", pos: lit.Type.Pos()}
	}
	b.callees[k] = n
	return n
}

type calleeKey struct {
	file *file
	call *ast.CallExpr
}

// serve adds label to the paths a change set or a refusal (key) serves,
// once.
func (b *builder) serve(paths *[]string, key, label string) {
	k := [2]string{key, label}
	if !b.served[k] {
		b.served[k] = true
		*paths = append(*paths, label)
	}
}

func (b *builder) add(key string, cs *ChangeSet) {
	b.sets[key] = cs
	b.order = append(b.order, key)
}

func (b *builder) refuse(class, reason string, pos token.Position, label string) string {
	key := class + "|" + reason
	if r, ok := b.refused[key]; ok {
		b.serve(&r.Paths, "refusal "+key, label)
		return key
	}
	b.refused[key] = &Refusal{Class: class, Reason: reason, Pos: pos}
	b.serve(&b.refused[key].Paths, "refusal "+key, label)
	b.refusedOrder = append(b.refusedOrder, key)
	return key
}

// component plans the change set of everything that changes with n (met
// at the call from): the
// functions, literals, interface methods and func types it is connected
// to, and all their calls. It refuses the whole set when one member cannot
// change.
func (b *builder) component(n node, label string, from token.Pos) string {
	if key, ok := b.comp[n]; ok {
		if r := b.refused[key]; r != nil {
			b.serve(&r.Paths, "refusal "+key, label)
		}
		return key
	}
	members := b.pl.flow.closure(n)
	key := "set@" + n.String()
	for _, m := range members {
		b.comp[m] = key
	}
	class, reason, at := b.pl.flow.refusal(members)
	var excluded []ExcludedEdit
	if class == "" {
		excluded, class, reason, at = b.excludedEdits(members)
	}
	if class != "" {
		if b.pl.prog.fileAt(at) == nil {
			at = from // a declaration of another module: point at the user's call
		}
		key = b.refuse(class, reason, b.pl.prog.fset.Position(at), label)
		for _, m := range members {
			b.comp[m] = key
		}
		return key
	}
	cs := &ChangeSet{Excluded: excluded}
	var names []string
	for _, m := range members {
		switch m.kind {
		case "func", "iface", "lit", "texpr":
			if !b.pl.flow.hasContext(m) {
				cs.AddParam = append(cs.AddParam, m.pos)
			}
			if m.kind != "texpr" && m.kind != "lit" {
				names = append(names, b.pl.flow.nameOf(m))
			}
		}
		if m.kind == "extfunc" {
			cs.Adapt = append(cs.Adapt, m.pos) // a use as a value: wrapped
			continue
		}
		if !b.pl.flow.hasContext(m) || m.kind == "slot" || m.kind == "elem" {
			for _, c := range b.pl.flow.calls[m] {
				if !b.pl.flow.callHasContext(c) {
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
		cs.Name = b.pl.flow.nameOf(n)
	}
	cs.AddParam = uniqPos(cs.AddParam)
	cs.PassCtx = uniqPos(cs.PassCtx)
	for _, lp := range cs.PassCtx {
		if pos, ok := b.blankAround(lp); ok {
			cs.NameCtx = append(cs.NameCtx, pos)
		}
	}
	cs.NameCtx = uniqPos(cs.NameCtx)
	if b.opts.Compat && len(members) == 1 && members[0].kind == "func" && !slices.ContainsFunc(excluded, func(e ExcludedEdit) bool { return e.Decl }) {
		if f := b.pl.prog.funcs[members[0].pos]; f != nil && b.compatible(f) {
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
func (b *builder) compatible(f *fun) bool {
	if f.obj == nil || !f.obj.Exported() || f.file.pkg.Name == "main" || f.decl.Body == nil {
		return false
	}
	path := f.file.pkg.PkgPath
	if strings.Contains(path+"/", "/internal/") || strings.HasPrefix(path, "internal/") {
		return false
	}
	name := f.obj.Name() + "Context"
	if recv := f.obj.Signature().Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		n, ok := types.Unalias(t).(*types.Named)
		if !ok || !n.Obj().Exported() {
			return false
		}
		obj, _, _ := types.LookupFieldOrMethod(recv.Type(), true, f.obj.Pkg(), name)
		return obj == nil
	}
	return f.obj.Pkg().Scope().Lookup(name) == nil
}

func uniqPos(s []token.Pos) []token.Pos {
	slices.Sort(s)
	return slices.Compact(s)
}

// Dump prints the plan, for debugging (CTXLINT_DEBUG=plan).
func (pl *Plan) Dump() string {
	var b strings.Builder
	pos := func(l []token.Pos) string {
		var s []string
		for _, p := range l {
			s = append(s, shortPos(pl.prog.fset.Position(p)))
		}
		return strings.Join(s, " ")
	}
	for _, cs := range pl.Sets {
		fmt.Fprintf(&b, "set %s\n  params: %s\n  calls: %s\n  empty: %s\n  sinks: %s\n", cs.Name, pos(cs.AddParam), pos(cs.PassCtx), pos(cs.Empty), pos(cs.Sinks))
		if cs.Loop != nil {
			fmt.Fprintf(&b, "  loop: %s\n", pos([]token.Pos{cs.Loop.Recv}))
		}
		for _, e := range cs.Excluded {
			fmt.Fprintf(&b, "  excluded: %s@%d decl=%v\n", e.File, e.Offset, e.Decl)
		}
	}
	for _, r := range pl.Refusals {
		fmt.Fprintf(&b, "refused %s\n", r)
	}
	return b.String()
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

// thread gives a ctx parameter to the callers of the functions that gain
// one, up to the monitored loops. ctxprop reports one path per loop and
// blocking call, but every function between a loop and a function that
// now takes ctx must pass the loop's context down, or the call would get
// context.TODO(): the hand migration's "plumbing". A caller is threaded
// when a chain of callers leads from it up to a loop's function.
func (b *builder) thread() {
	memo := map[*ast.FuncDecl]int{} // 1 visiting, 2 reaches a root, 3 does not
	var reaches func(d *ast.FuncDecl) bool
	reaches = func(d *ast.FuncDecl) bool {
		if b.roots[d] {
			return true
		}
		switch memo[d] {
		case 1, 3:
			return false
		case 2:
			return true
		}
		memo[d] = 1
		ok := false
		for _, c := range b.callsOf(node{kind: "func", pos: d.Name.Pos()}) {
			if _, cd := b.pl.prog.funcAt(c.Pos()); cd != nil && reaches(cd) {
				ok = true
				break
			}
		}
		memo[d] = 3
		if ok {
			memo[d] = 2
		}
		return ok
	}
	for changed := true; changed; {
		changed = false
		for _, key := range slices.Clone(b.order) {
			cs := b.sets[key]
			if cs == nil || len(cs.AddParam) == 0 {
				continue
			}
			// In file order: the sets found here join the plan in it.
			for _, lp := range slices.SortedFunc(slices.Values(cs.PassCtx), b.pl.prog.comparePos) {
				_, d := b.pl.prog.funcAt(lp)
				if d == nil || b.roots[d] || d.Body == nil {
					continue
				}
				n := node{kind: "func", pos: d.Name.Pos()}
				if _, done := b.comp[n]; done || b.pl.flow.hasContext(n) || b.contextInScope(lp) || !reaches(d) {
					continue
				}
				for _, label := range cs.Paths {
					b.component(n, label, lp)
				}
				if len(cs.Paths) == 0 {
					b.component(n, cs.Name, lp)
				}
				changed = true
			}
		}
	}
}

// callsOf lists the calls of everything that changes with n.
func (b *builder) callsOf(n node) []*ast.CallExpr {
	var out []*ast.CallExpr
	for _, m := range b.pl.flow.closure(n) {
		out = append(out, b.pl.flow.calls[m]...)
	}
	return out
}

// contextInScope reports whether a context variable is visible at pos.
func (b *builder) contextInScope(pos token.Pos) bool {
	f := b.pl.prog.fileAt(pos)
	inner := f.pkg.Types.Scope().Innermost(pos)
	for s := inner; s != nil && s != f.pkg.Types.Scope() && s != types.Universe; s = s.Parent() {
		for _, name := range s.Names() {
			obj := s.Lookup(name)
			if _, ok := obj.(*types.Var); ok && ctxtypes.IsContext(obj.Type()) && name != "_" {
				if _, vis := inner.LookupParent(name, pos); vis == obj {
					return true
				}
			}
		}
	}
	return false
}

// excludedEdits are the edits of the files the build excludes that
// change with a set of these members, or why the set is refused
// (excluded.go).
func (b *builder) excludedEdits(members []node) (edits []ExcludedEdit, class, reason string, at token.Pos) {
	if b.excluded == nil {
		b.excluded = newExcluded(b.pl.prog, b.opts.Tags)
	}
	if len(b.excluded.files) == 0 {
		return nil, "", "", token.NoPos
	}
	gain := slices.DeleteFunc(slices.Clone(members), b.pl.flow.hasContext)
	return b.excluded.edits(gain, b.pl.flow.index(), b.pl.prog.varAt)
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
	f, path := b.pl.prog.enclosing(lparen)
	for _, n := range path {
		if ft := funcType(n); ft != nil && blankContext(f.pkg.TypesInfo, ft) {
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

// assignKey is a variable of a function: assigned's memo key.
type assignKey struct {
	decl ast.Node
	obj  types.Object
}

// assigned is assignedCalls, once per function and variable: every path
// to a (*http.Client).Do asks requestAbove of the same few functions.
func (b *builder) assigned(info *types.Info, decl ast.Node, obj types.Object) []*ast.CallExpr {
	k := assignKey{decl, obj}
	if cs, ok := b.assigns[k]; ok {
		return cs
	}
	cs := assignedCalls(info, decl, obj)
	b.assigns[k] = cs
	return cs
}
