package ctxprop

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/ctxlint/ctxlint/internal/astwalk"
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

const healthPath = "github.com/ctxlint/ctxlint/runtime/health"

// isHealthPkg reports whether pkg is a health runtime whose handles mark
// monitored loops: this project's, or one at .../pkg/status/health.
func isHealthPkg(pkg *types.Package) bool {
	if pkg == nil {
		return false
	}
	p := pkg.Path()
	return p == healthPath || p == "pkg/status/health" || strings.HasSuffix(p, "/pkg/status/health")
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

// component names the component a handle belongs to and its kind, from the
// registration call that made it, followed through locals, parameters and
// struct fields.
func (a *pkgAnalysis) component(handle ast.Expr, stack []ast.Node, depth int) (name, kind string) {
	if n, k, ok := a.registration(handle, enclosingDecl(stack), depth); ok {
		return n, k
	}
	return "component of " + types.ExprString(handle), "health"
}

func (a *pkgAnalysis) registration(e ast.Expr, decl *ast.FuncDecl, depth int) (name, kind string, ok bool) {
	if depth > 4 || e == nil {
		return "", "", false
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.StarExpr:
		return a.registration(x.X, decl, depth+1)
	case *ast.CallExpr:
		if n, k, ok := a.registrationCall(x); ok {
			return n, k, true
		}
		// A getter: what it returns, here or by its fact.
		if fn, ok := typeutil.Callee(a.info, x).(*types.Func); ok {
			if n, k, ok := a.importedRegistration(fn.Origin()); ok {
				return n, k, true
			}
			if fn.Pkg() == a.pass.Pkg {
				return a.objRegistration(fn.Origin(), depth)
			}
		}
	case *ast.SelectorExpr:
		if s, ok := a.info.Selections[x]; ok && s.Kind() == types.FieldVal {
			if n, k, ok := a.importedRegistration(s.Obj()); ok {
				return n, k, true
			}
			for _, v := range a.fieldValues[s.Obj().(*types.Var)] {
				if n, k, ok := a.registration(v, nil, depth+1); ok {
					return n, k, true
				}
			}
		} else if v, ok := a.info.Uses[x.Sel].(*types.Var); ok {
			return a.importedRegistration(v) // pkg.Var
		}
	case *ast.Ident:
		obj := a.objOf(x)
		v, isVar := obj.(*types.Var)
		if !isVar {
			return "", "", false
		}
		i, fn := paramIndex(v, decl, a.info)
		if p, ok := a.params[v]; ok && fn == nil {
			i, fn = p.i, p.fn // a parameter stored in a field: a setter
		}
		if fn != nil {
			for _, site := range a.calls[fn] {
				args := site.call.Args
				if i < len(args) && site.caller != nil {
					if n, k, ok := a.registration(args[i], site.caller, depth+1); ok {
						return n, k, true
					}
				}
			}
			return "", "", false
		}
		for _, val := range a.assigns[obj] {
			if n, k, ok := a.registration(val, decl, depth+1); ok {
				return n, k, true
			}
		}
	}
	return "", "", false
}

// registrationCall recognises RegisterLiveness/Readiness/Startup (function
// or *Catalog method) of a health package, Register(kind, name), and the
// functions of -ctxprop.register.
func (a *pkgAnalysis) registrationCall(call *ast.CallExpr) (name, kind string, ok bool) {
	fn, _ := typeutil.Callee(a.info, call).(*types.Func)
	if fn == nil {
		return "", "", false
	}
	arg := func(i int) ast.Expr {
		if i < len(call.Args) {
			return call.Args[i]
		}
		return nil
	}
	if a.cfg.register[fn.Origin().FullName()] {
		return a.describeName(arg(0)), fn.Name(), true
	}
	if !isHealthPkg(fn.Pkg()) {
		return "", "", false
	}
	switch fn.Name() {
	case "RegisterLiveness":
		return a.describeName(arg(0)), "liveness", true
	case "RegisterReadiness":
		return a.describeName(arg(0)), "readiness", true
	case "RegisterStartup":
		return a.describeName(arg(0)), "startup", true
	case "Register":
		kind := "health"
		if id := identOf(ast.Unparen(arg(0))); id != nil {
			kind = strings.ToLower(id.Name)
		}
		return a.describeName(arg(1)), kind, true
	}
	return "", "", false
}

// describeName renders a component name: the constant, or what the
// Sprintf or the concatenation building it makes, each part not a
// constant spelled <expr> (fmt.Sprintf("consul-kv-%s", name) and
// "consul-kv-" + name are both "consul-kv-<name>"), so names read alike
// however they are built; a format it cannot follow is shown as written.
// A part the package only ever gives as constants (constValues) makes one
// name per value: "metadata-gohai", "metadata-host".
func (a *pkgAnalysis) describeName(e ast.Expr) string {
	if e == nil {
		return "?"
	}
	if tv, ok := a.info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return strconv.Quote(constant.StringVal(tv.Value))
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		if fn, ok := typeutil.Callee(a.info, x).(*types.Func); ok && fn.FullName() == "fmt.Sprintf" && len(x.Args) > 0 {
			if tv, ok := a.info.Types[x.Args[0]]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
				format := constant.StringVal(tv.Value)
				if names, ok := a.spellFormat(format, x.Args[1:]); ok {
					return quoteAll(names)
				}
				return strconv.Quote(format)
			}
		}
	case *ast.BinaryExpr:
		if x.Op == token.ADD {
			return quoteAll(a.constParts(x))
		}
	}
	return types.ExprString(e)
}

// quoteAll quotes each name, in order, without repeats.
func quoteAll(names []string) string {
	slices.Sort(names)
	names = slices.Compact(names)
	for i, n := range names {
		names[i] = strconv.Quote(n)
	}
	return strings.Join(names, ", ")
}

// spellFormat is what fmt.Sprintf(format, args...) makes, each argument
// that is not a constant of a basic kind spelled <expr>: a value only the
// run knows, or one of a named type, which may format itself
// (time.Duration). It reports false for a format it cannot follow: an
// explicit argument index, a width or precision taken from an argument,
// or arguments that do not match the verbs.
func (a *pkgAnalysis) spellFormat(format string, args []ast.Expr) ([]string, bool) {
	out := []string{""}
	n := 0
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			out = appendAll(out, []string{format[i : i+1]})
			continue
		}
		j := i + 1
		for j < len(format) && strings.IndexByte("+-# 0123456789.", format[j]) >= 0 {
			j++
		}
		switch {
		case j == len(format) || format[j] == '[' || format[j] == '*':
			return nil, false
		case format[j] == '%':
			out = appendAll(out, []string{"%"})
		case n == len(args):
			return nil, false
		default:
			if v, ok := a.constArgs(args[n : n+1]); ok {
				out = appendAll(out, []string{fmt.Sprintf(format[i:j+1], v...)})
			} else if vals := a.constValues(args[n], 0); vals != nil && len(out)*len(vals) <= maxNames {
				parts := make([]string, len(vals))
				for k, v := range vals {
					parts[k] = fmt.Sprintf(format[i:j+1], v)
				}
				out = appendAll(out, parts)
			} else {
				out = appendAll(out, []string{"<" + types.ExprString(args[n]) + ">"})
			}
			n++
		}
		i = j
	}
	return out, n == len(args)
}

// appendAll appends each part to each prefix.
func appendAll(prefixes, parts []string) []string {
	if len(parts) == 1 {
		for i := range prefixes {
			prefixes[i] += parts[0]
		}
		return prefixes
	}
	out := make([]string, 0, len(prefixes)*len(parts))
	for _, p := range prefixes {
		for _, q := range parts {
			out = append(out, p+q)
		}
	}
	return out
}

// constArgs returns the values of arguments that are all constants (of
// a basic kind fmt formats alike at compile time and at run time).
func (a *pkgAnalysis) constArgs(args []ast.Expr) ([]any, bool) {
	out := make([]any, len(args))
	for i, arg := range args {
		tv, ok := a.info.Types[arg]
		if !ok || tv.Value == nil {
			return nil, false
		}
		if _, basic := types.Unalias(tv.Type).(*types.Basic); !basic {
			return nil, false // a named type may format itself (time.Duration)
		}
		switch v := tv.Value; v.Kind() {
		case constant.String:
			out[i] = constant.StringVal(v)
		case constant.Bool:
			out[i] = constant.BoolVal(v)
		case constant.Int:
			n, exact := constant.Int64Val(v)
			if !exact {
				return nil, false
			}
			out[i] = n
		default:
			return nil, false
		}
	}
	return out, true
}

// constParts spells a concatenation: its constant parts as they are, the
// others <expr>, or each value constValues knows.
func (a *pkgAnalysis) constParts(e ast.Expr) []string {
	if tv, ok := a.info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return []string{constant.StringVal(tv.Value)}
	}
	if b, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && b.Op == token.ADD {
		x, y := a.constParts(b.X), a.constParts(b.Y)
		if len(x)*len(y) > maxNames {
			y = []string{"<" + types.ExprString(b.Y) + ">"}
		}
		return appendAll(x, y)
	}
	if vals := a.constValues(e, 0); vals != nil {
		return slices.Clone(vals)
	}
	return []string{"<" + types.ExprString(e) + ">"}
}

// paramIndex returns v's index among decl's parameters and decl's
// function, or nil if v is not one.
func paramIndex(v *types.Var, decl *ast.FuncDecl, info *types.Info) (int, *types.Func) {
	if decl == nil || decl.Type.Params == nil {
		return 0, nil
	}
	i := 0
	for _, field := range decl.Type.Params.List {
		if len(field.Names) == 0 {
			i++
		}
		for _, id := range field.Names {
			if info.Defs[id] == v {
				fn, _ := info.Defs[decl.Name].(*types.Func)
				return i, fn
			}
			i++
		}
	}
	return 0, nil
}

func (r *root) String() string { return fmt.Sprintf("%s (%s)", r.component, r.kind) }
