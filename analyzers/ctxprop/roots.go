package ctxprop

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/ctxlint/ctxlint/internal/astwalk"
	"github.com/ctxlint/ctxlint/internal/ctxtypes"
)

// root is one iteration of a health-monitored loop.
type root struct {
	region   ast.Node      // what runs before the next receive
	ftype    *ast.FuncType // of the function around it
	funcName string
	ticks    []types.Object // variables holding the received deadline
	// ownTicks hold the time.Time a //ctxlint:monitored function receives
	// from a channel field C of a type of its own: only a deadline that is
	// that value itself is the tick's (ownTick).
	ownTicks []types.Object
	// ownTimeout: a monitored function that receives no tick of a health
	// library of its own (a periodic loop): a timeout it derives in its
	// iteration bounds it.
	ownTimeout bool
	handle     ast.Expr // the handle received from
	component  string   // quoted name, format string, or a description
	kind       string   // liveness, readiness, startup, monitored
	// noDeadline: the handle's ticks carry no deadline (the monitoring
	// agent's <-chan struct{}), so no context can be bounded by them.
	noDeadline bool
	file       *ast.File
	derived    bool // deriveFromTick offered its fix in this iteration
	// handleFrom is set when the handle is a parameter that no call in
	// the package passes: its callers, elsewhere, know the name.
	handleFrom *HandleParam
}

// isHealthPkg reports whether pkg is a health runtime whose handles mark
// monitored loops: this project's, or one at .../pkg/status/health.
func isHealthPkg(pkg *types.Package) bool {
	if pkg == nil {
		return false
	}
	p := pkg.Path()
	return p == ctxtypes.HealthPath || p == "pkg/status/health" || strings.HasSuffix(p, "/pkg/status/health")
}

// mayHaveRoots reports whether the package can hold a monitored loop: a
// handle type is in its import closure, or a directive marks one.
func (a *pkgAnalysis) mayHaveRoots() bool {
	if len(a.customHandles) > 0 || seesHealthPkg(a.pass.Pkg) {
		return true
	}
	for _, dir := range a.dirs.all {
		if dir.kind == "monitored" {
			return true
		}
	}
	return a.namesMonitored()
}

// namesMonitored reports whether -ctxprop.monitored may name a function
// of this package (a cheap test on the names: monitored decides).
func (a *pkgAnalysis) namesMonitored() bool {
	path := a.pass.Pkg.Path()
	for name := range a.cfg.monitored {
		name = strings.TrimPrefix(strings.TrimPrefix(name, "("), "*")
		if rest, ok := strings.CutPrefix(name, path); ok && strings.HasPrefix(rest, ".") {
			return true
		}
	}
	return false
}

// monitored reports whether decl is a monitored loop without a health
// handle: marked //ctxlint:monitored, or named by -ctxprop.monitored.
func (a *pkgAnalysis) monitored(decl *ast.FuncDecl) bool {
	if a.dirs.monitored(decl) {
		return true
	}
	if len(a.cfg.monitored) == 0 {
		return false
	}
	fn, ok := a.info.Defs[decl.Name].(*types.Func)
	return ok && a.cfg.monitored[fn.Origin().FullName()]
}

// seesHealthPkg reports whether p or a package it imports, directly or
// not, is a health runtime; memoised per package object for the process.
func seesHealthPkg(p *types.Package) bool {
	if v, ok := seesHealthCache.Load(p); ok {
		return v.(bool)
	}
	sees := isHealthPkg(p)
	for _, imp := range p.Imports() {
		if sees {
			break
		}
		sees = seesHealthPkg(imp)
	}
	seesHealthCache.Store(p, sees)
	return sees
}

var seesHealthCache sync.Map // *types.Package -> bool

// handleChan returns the handle whose tick channel ch is (h for h.C), or
// nil.
func (a *pkgAnalysis) handleChan(ch ast.Expr) ast.Expr { return a.handleChanDepth(ch, 0) }

// handleChanDepth also follows a local the channel was copied into
// (c := h.C) and a parameter it was passed as (go work(h.C)).
func (a *pkgAnalysis) handleChanDepth(ch ast.Expr, depth int) ast.Expr {
	ch = ast.Unparen(ch)
	if sel, ok := ch.(*ast.SelectorExpr); ok && sel.Sel.Name == "C" {
		// Also through an embedded handle: the field is the handle's.
		if s, ok := a.info.Selections[sel]; ok && s.Kind() == types.FieldVal &&
			(a.isHandleType(s.Recv()) || isHealthPkg(s.Obj().Pkg())) {
			return sel.X
		}
	}
	if id, ok := ch.(*ast.Ident); ok && depth < 3 {
		if v, ok := a.objOf(id).(*types.Var); ok {
			if _, isChan := v.Type().Underlying().(*types.Chan); isChan {
				if p, ok := a.params[v]; ok {
					for _, site := range a.calls[p.fn] {
						if p.i < len(site.call.Args) {
							if h := a.handleChanDepth(site.call.Args[p.i], depth+1); h != nil {
								return h
							}
						}
					}
				}
				for _, val := range a.assigns[v] {
					if h := a.handleChanDepth(val, depth+1); h != nil {
						return h
					}
				}
			}
		}
	}
	if t := a.info.TypeOf(ch); t != nil && a.isHandleType(t) {
		if _, ok := t.Underlying().(*types.Chan); ok {
			return ch // a registration function that returns the channel itself
		}
	}
	return nil
}

func (a *pkgAnalysis) isHandleType(t types.Type) bool {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	named, ok := t.(*types.Named)
	if !ok {
		return false
	}
	if named.Obj().Name() == "Handle" && isHealthPkg(named.Obj().Pkg()) {
		return true
	}
	return a.customHandles[named.Origin()]
}

// rootSite is a node where a monitored loop may start (a receive, a range
// statement, a //ctxlint:monitored function) with its stack, recorded by
// index: which channels are a handle's is known only once the whole
// package is indexed.
type rootSite struct {
	n     ast.Node
	stack []ast.Node
}

// rootSiteAt reports whether index must record n for findRoots.
func (a *pkgAnalysis) rootSiteAt(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.FuncDecl:
		return n.Body != nil && a.monitored(n)
	case *ast.UnaryExpr:
		return n.Op == token.ARROW
	case *ast.RangeStmt:
		return true
	}
	return false
}

// findRoots finds every monitored loop of the package among the sites
// index recorded.
func (a *pkgAnalysis) findRoots() {
	byRegion := make(map[ast.Node]*root)
	for _, s := range a.rootSites {
		a.rootAt(s.n, s.stack, byRegion)
	}
	a.rootSites = nil
	a.helperCallers(byRegion)
	for region := range byRegion {
		a.regions = append(a.regions, region)
	}
}

// rootAt records the root that starts at n, if any.
func (a *pkgAnalysis) rootAt(n ast.Node, stack []ast.Node, byRegion map[ast.Node]*root) {
	file := stack[0].(*ast.File)
	var handle ast.Expr
	var region ast.Node
	var tick types.Object
	switch n := n.(type) {
	case *ast.FuncDecl:
		ticks, own := a.timeTicks(n.Body)
		regions := []ast.Node{n.Body}
		if !own {
			// A periodic loop: its iterations are the bodies of its
			// outermost loops; what runs before (setup) or after them
			// (cleanup once stopped) is not an iteration.
			if loops := outerLoops(n.Body); len(loops) > 0 {
				regions = loops
			}
		}
		for _, region := range regions {
			r := &root{region: region, ftype: n.Type, funcName: funcName(n), file: file,
				component: strconv.Quote(funcName(n)), kind: "monitored", noDeadline: true,
				ownTicks: ticks, ownTimeout: !own}
			byRegion[region] = r
			a.roots = append(a.roots, r)
		}
		return
	case *ast.UnaryExpr:
		if handle = a.handleChan(n.X); handle == nil {
			return
		}
		region = a.loopBody(stack, handle)
		tick = receivedInto(n, stack, a.info)
	case *ast.RangeStmt:
		if handle = a.handleChan(n.X); handle == nil {
			return
		}
		region = n.Body
		if id, ok := n.Key.(*ast.Ident); ok {
			tick = a.info.Defs[id]
		}
	}
	if region == nil {
		return
	}
	r := byRegion[region]
	if r == nil {
		ftype, fname := enclosingFunc(stack)
		r = &root{region: region, ftype: ftype, funcName: fname, handle: handle, file: file}
		r.component, r.kind = a.component(handle, stack, 0)
		if strings.HasPrefix(r.component, "component of ") {
			r.handleFrom = a.handleParam(handle, stack)
		}
		r.noDeadline = !a.carriesDeadline(handle)
		byRegion[region] = r
		a.roots = append(a.roots, r)
	}
	if tick != nil {
		r.ticks = append(r.ticks, tick)
	}
}

// outerLoops are the bodies of the for and range statements of body that
// no other loop of it encloses, outside function literals.
func outerLoops(body *ast.BlockStmt) []ast.Node {
	var out []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ForStmt:
			out = append(out, n.Body)
			return false
		case *ast.RangeStmt:
			out = append(out, n.Body)
			return false
		}
		return true
	})
	return out
}

// timeTicks returns the variables a monitored function receives a
// time.Time into from a channel field C: the handle of a health library of
// its own whose ticks carry the deadline (ctxlint -fix derives its context
// so). Any type's C may be a clock's (a mock clock's ticker): a deadline
// is the tick's only when it is the value received itself, which a clock's
// tick, a time already past, cannot leave blocked. received reports whether
// the function receives from such a channel at all, into a variable or
// not.
func (a *pkgAnalysis) timeTicks(body *ast.BlockStmt) (ticks []types.Object, received bool) {
	timeChan := func(e ast.Expr) bool {
		sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "C" {
			return false
		}
		f, ok := a.info.Selections[sel]
		if !ok || f.Kind() != types.FieldVal || f.Obj().Pkg() != nil && f.Obj().Pkg().Path() == "time" {
			return false // a time.Ticker's or Timer's: a clock, not a deadline
		}
		ch, ok := f.Type().Underlying().(*types.Chan)
		return ok && isNamed(ch.Elem(), "time", "Time")
	}
	var out []types.Object
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.UnaryExpr:
			received = received || n.Op == token.ARROW && timeChan(n.X)
		case *ast.RangeStmt:
			received = received || timeChan(n.X)
			if id, ok := n.Key.(*ast.Ident); ok && timeChan(n.X) {
				if obj := a.info.Defs[id]; obj != nil {
					out = append(out, obj)
				}
			}
		case *ast.AssignStmt:
			if u, ok := n.Rhs[0].(*ast.UnaryExpr); ok && len(n.Rhs) == 1 && u.Op == token.ARROW && timeChan(u.X) {
				if id, ok := n.Lhs[0].(*ast.Ident); ok {
					if obj := a.info.Defs[id]; obj != nil {
						out = append(out, obj)
					} else if obj := a.info.Uses[id]; obj != nil {
						out = append(out, obj)
					}
				}
			}
		}
		return true
	})
	return out, received
}

// helperCallers handles a receive in a helper with no loop, such as
// waitTick() { return <-w.h.C }: the loops that call the helper are
// iterations of the component too, whatever they run after it.
func (a *pkgAnalysis) helperCallers(byRegion map[ast.Node]*root) {
	helpers := map[*types.Func]*root{}
	for _, r := range a.roots {
		if r.handle == nil {
			continue
		}
		for _, u := range a.funcUnits {
			if u.body == r.region && u.fn != nil {
				helpers[u.fn] = r
			}
		}
	}
	if len(helpers) == 0 {
		return
	}
	var file *ast.File
	astwalk.WithStack(a.pass.Files, func(n ast.Node, stack []ast.Node) bool {
		if f, ok := n.(*ast.File); ok {
			file = f
			return true
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		fn, _ := typeutil.Callee(a.info, call).(*types.Func)
		h := helpers[funcOrigin(fn)]
		if h == nil {
			return true
		}
		for i := len(stack) - 2; i >= 0; i-- {
			var body ast.Node
			switch l := stack[i].(type) {
			case *ast.FuncLit, *ast.FuncDecl:
				return true
			case *ast.ForStmt:
				body = l.Body
			case *ast.RangeStmt:
				body = l.Body
			}
			if body == nil || !contains(body, n) || byRegion[body] != nil {
				continue
			}
			ftype, fname := enclosingFunc(stack)
			r := &root{region: body, ftype: ftype, funcName: fname, handle: h.handle, file: file,
				component: h.component, kind: h.kind, noDeadline: h.noDeadline}
			byRegion[body] = r
			a.roots = append(a.roots, r)
			return true
		}
		return true
	})
}

func funcOrigin(fn *types.Func) *types.Func {
	if fn == nil {
		return nil
	}
	return fn.Origin()
}

// carriesDeadline reports whether the handle's C delivers time.Time.
func (a *pkgAnalysis) carriesDeadline(handle ast.Expr) bool {
	t := a.info.TypeOf(handle)
	if t == nil {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "C")
	if v, ok := obj.(*types.Var); ok {
		if ch, ok := v.Type().Underlying().(*types.Chan); ok {
			return isNamed(ch.Elem(), "time", "Time")
		}
	}
	if ch, ok := t.Underlying().(*types.Chan); ok {
		return isNamed(ch.Elem(), "time", "Time")
	}
	return false
}

// loopBody returns the body of the innermost loop around the receive in
// its function, or, when there is none (a helper called by the loop), the
// function's body. A loop over the handles themselves (for _, h := range
// hs { select { case <-h.C: default: } }) polls them: the iteration is
// the loop around it.
func (a *pkgAnalysis) loopBody(stack []ast.Node, handle ast.Expr) ast.Node {
	var handleVar types.Object
	if id, ok := rootIdent(handle); ok {
		handleVar = a.objOf(id)
	}
	for i := len(stack) - 2; i >= 0; i-- {
		switch n := stack[i].(type) {
		case *ast.ForStmt:
			if contains(n.Body, stack[i+1]) {
				return n.Body
			}
		case *ast.RangeStmt:
			if contains(n.Body, stack[i+1]) {
				if handleVar != nil && (rangeVar(a, n.Key) == handleVar || rangeVar(a, n.Value) == handleVar) {
					continue
				}
				return n.Body
			}
		case *ast.FuncLit:
			return n.Body
		case *ast.FuncDecl:
			return n.Body
		}
	}
	return nil
}

func rootIdent(e ast.Expr) (*ast.Ident, bool) {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return x, true
		case *ast.SelectorExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		default:
			return nil, false
		}
	}
}

func rangeVar(a *pkgAnalysis, e ast.Expr) types.Object {
	if id, ok := e.(*ast.Ident); ok {
		return a.objOf(id)
	}
	return nil
}

func contains(outer, inner ast.Node) bool {
	return outer != nil && outer.Pos() <= inner.Pos() && inner.End() <= outer.End()
}

func enclosingFunc(stack []ast.Node) (*ast.FuncType, string) {
	for i := len(stack) - 1; i >= 0; i-- {
		switch n := stack[i].(type) {
		case *ast.FuncLit:
			if d := enclosingDecl(stack[:i]); d != nil {
				return n.Type, funcName(d) + ".func"
			}
			return n.Type, "func"
		case *ast.FuncDecl:
			return n.Type, funcName(n)
		}
	}
	return nil, "?"
}

// receivedInto returns the variable a receive assigns, as in
// "case deadline := <-h.C" or "d := <-h.C".
func receivedInto(recv *ast.UnaryExpr, stack []ast.Node, info *types.Info) types.Object {
	parent := stack[len(stack)-2]
	as, ok := parent.(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 || as.Rhs[0] != recv || len(as.Lhs) == 0 {
		return nil
	}
	if id, ok := as.Lhs[0].(*ast.Ident); ok {
		if obj := info.Defs[id]; obj != nil {
			return obj
		}
		return info.Uses[id]
	}
	return nil
}

func (r *root) String() string { return fmt.Sprintf("%s (%s)", r.component, r.kind) }
