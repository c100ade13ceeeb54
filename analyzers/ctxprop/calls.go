package ctxprop

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/ctxlint/ctxlint/internal/ctxtypes"
	"golang.org/x/tools/go/types/typeutil"
)

// The walker: buildEvents walks a unit's calls, in source order, and
// records what each may block on as events (ir.go): sinks, static calls,
// interface calls and calls through function values. Functions passed to
// a call are funcvalues.go's; the context a sink runs under is
// sinkstate.go's; whether the unit waits for a goroutine is joins.go's.

// walker collects a unit's events.
type walker struct {
	a       *pkgAnalysis
	u       *unit
	env     *env
	waits   int8 // whether the unit waits for its goroutines: 0 unknown, 1 no, 2 yes
	inlined map[*ast.FuncLit]bool
	via     []token.Pos
	events  []*event
}

// emit records an event. It takes a value so that the calls that reach
// nothing, most of them, allocate none.
func (w *walker) emit(ev event) {
	at := ev.pos
	if len(w.via) > 0 {
		ev.via = append([]token.Pos(nil), w.via...)
		at = w.via[0]
	}
	ev.guard = w.a.guardAt(w.u, at)
	w.events = append(w.events, &ev)
}

func (a *pkgAnalysis) buildEvents(u *unit) {
	var ftype *ast.FuncType
	if u.root != nil {
		ftype = u.root.ftype
	} else {
		ftype = u.ftype
	}
	w := &walker{a: a, u: u, env: newEnv(a, ftype)}
	r := u.root
	if u.lit != nil {
		// A literal written in a loop's iteration captures the iteration's
		// variables, the received deadline among them. Analysed on its own
		// (run by a helper it is passed to, or through the field it is
		// stored in), it must still know that deadline as the tick, as the
		// iteration does where it inlines the literal.
		r = a.rootAround(u.lit)
	}
	if r != nil {
		for _, t := range r.ticks {
			put(&w.env.ticks, t, true)
		}
		for _, t := range r.ownTicks {
			put(&w.env.ownTicks, t, true)
		}
		w.env.ownTimeout = r.ownTimeout
	}
	w.walk(u.body)
	u.events = w.events
	if u.root != nil {
		u.env = w.env
	}
}

// rootAround returns the root of the innermost loop iteration that
// contains n, or nil: the one whose walk would inline n.
func (a *pkgAnalysis) rootAround(n ast.Node) *root {
	var in *root
	for _, r := range a.roots {
		if contains(r.region, n) && (in == nil || contains(in.region, r.region)) {
			in = r
		}
	}
	return in
}

// unitBody is the body of the function the unit is part of.
func (w *walker) unitBody() ast.Node {
	if w.u.decl != nil {
		return w.u.decl.Body
	}
	return w.u.body
}

// walk collects the events of n's subtree. It visits the nodes index
// recorded, not the syntax: the calls, go statements, function literals
// and range-over-func statements under n, in source order.
func (w *walker) walk(n ast.Node) {
	nodes := w.a.nodes
	pos, end := n.Pos(), n.End()
	i, _ := slices.BinarySearchFunc(nodes, pos, func(x ast.Node, p token.Pos) int { return cmp.Compare(x.Pos(), p) })
	// skip returns the index of the first node after x's subtree.
	skip := func(x ast.Node) int {
		j := i + 1
		for j < len(nodes) && nodes[j].Pos() < x.End() {
			j++
		}
		return j
	}
	for i < len(nodes) && nodes[i].Pos() < end {
		x := nodes[i]
		if x.End() > end {
			i++ // an ancestor of n starting where it does
			continue
		}
		if w.inRegion(x, n) {
			i++
			continue // a loop's iteration: reported there, not propagated
		}
		switch x := x.(type) {
		case *ast.FuncLit:
			i = skip(x) // inlined where it is called; stored ones are units
			continue
		case *ast.GoStmt:
			for _, arg := range x.Call.Args { // evaluated before the goroutine starts
				w.walk(arg)
			}
			if w.a.cfg.async || w.waitsForGoroutines() || waitedOnChannel(w.a.info, w.unitBody(), x, w.a.bodyOf) {
				w.call(x.Call)
			}
			i = skip(x)
			continue
		case *ast.CallExpr:
			w.call(x)
		case *ast.UnaryExpr: // a receive from a field channel (handoff.go)
			w.received(x.X, x.Pos())
		case *ast.RangeStmt: // over a function: the iterator runs the body as yield
			if w.a.fieldRange(x) { // over a field channel: the body's nodes follow
				w.received(x.X, x.Pos())
				break
			}
			sig, _ := typeUnder(w.a.info.TypeOf(x.X)).(*types.Signature)
			w.walk(x.X)
			if fn, ok := w.a.info.Uses[identOf(ast.Unparen(x.X))].(*types.Func); ok {
				w.funcValue(fn, x.X, x.X.Pos(), nil, nil)
			} else {
				w.dynamicValue(ast.Unparen(x.X), sig, x.X.Pos(), nil)
			}
			w.walk(x.Body)
			i = skip(x)
			continue
		}
		i++
	}
}

// inRegion reports whether x lies in a monitored loop's iteration that a
// walk of n visits, other than the unit's own.
func (w *walker) inRegion(x, n ast.Node) bool {
	for _, r := range w.a.regions {
		if w.u.root != nil && r == w.u.body {
			continue
		}
		if contains(n, r) && contains(r, x) {
			return true
		}
	}
	return false
}

func typeUnder(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	return t.Underlying()
}

// call records what a call may block on. Nested calls in its operands are
// visited by walk.
func (w *walker) call(call *ast.CallExpr) {
	info := w.a.info
	fun := ast.Unparen(call.Fun)
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn == nil { // else no conversion: the test is a lookup in a large map
		if tv, ok := info.Types[fun]; ok && tv.IsType() {
			return // conversion
		}
	}
	if lit, ok := fun.(*ast.FuncLit); ok {
		w.inline(lit, call)
		return
	}
	// The name first: FullName allocates.
	if fn != nil && (fn.Name() == "Go" || fn.Name() == "TryGo" || fn.Name() == "AfterFunc") {
		switch fn.Origin().FullName() {
		case "(*sync.WaitGroup).Go", "(*golang.org/x/sync/errgroup.Group).Go", "(*golang.org/x/sync/errgroup.Group).TryGo":
			if w.a.cfg.async || w.waitsForGoroutines() {
				w.callValues(call, nil)
			}
			return
		case "time.AfterFunc", "context.AfterFunc":
			if w.a.cfg.async {
				w.callValues(call, nil)
			}
			return
		}
	}
	// Function literals passed to a call are taken to run during it
	// (sort, retry, iterate helpers), unless the callee only starts them
	// in goroutines it does not wait for.
	w.callValues(call, fn)
	if fn == nil {
		if _, ok := info.Uses[identOf(fun)].(*types.Builtin); ok {
			return
		}
		if t := info.TypeOf(fun); t != nil && (isNamed(t, "context", "CancelFunc") || isNamed(t, "context", "CancelCauseFunc")) {
			return // cancelling never blocks
		}
		if sig, ok := typeUnder(info.TypeOf(fun)).(*types.Signature); ok {
			w.dynamicValue(fun, sig, call.Pos(), call)
		}
		return
	}
	w.static(call, fn)
}

func identOf(e ast.Expr) *ast.Ident {
	switch x := e.(type) {
	case *ast.Ident:
		return x
	case *ast.SelectorExpr:
		return x.Sel
	}
	return nil
}

// contextArgs counts the call's arguments of type context.Context.
func contextArgs(info *types.Info, call *ast.CallExpr) int {
	n := 0
	for _, arg := range call.Args {
		if t := info.TypeOf(arg); t != nil && ctxtypes.IsContext(t) {
			n++
		}
	}
	return n
}

// methodExprShift is 1 when e is a method expression (T.M), whose
// receiver is the first argument, else 0.
func methodExprShift(info *types.Info, e ast.Expr) int {
	if sel, ok := ast.Unparen(e).(*ast.SelectorExpr); ok {
		if s, ok := info.Selections[sel]; ok && s.Kind() == types.MethodExpr {
			return 1
		}
	}
	return 0
}

// static records a call whose callee is known: a sink, an interface method
// (resolved to implementations), or a function with a summary.
func (w *walker) static(call *ast.CallExpr, fn *types.Func) {
	a := w.a
	origin := fn.Origin()
	if rule, ok := a.sinkFor(origin); ok {
		if !a.noRoundTrip(call, origin) {
			w.emit(event{pos: call.Pos(), sink: &sinkHit{sinkName(origin), w.sinkState(call, rule)}})
		}
		return
	}
	ev := event{pos: call.Pos(), call: call}
	shift := methodExprShift(a.info, call.Fun)
	if recv := origin.Signature().Recv(); recv != nil && types.IsInterface(recv.Type()) {
		static := recv.Type()
		var promoted *types.Var // the embedded interface field a promoted call goes through
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			if s, ok := a.info.Selections[sel]; ok {
				static = s.Recv()
				if promoted = embeddedField(s); promoted != nil {
					static = promoted.Type()
				}
			}
		}
		ev.dynamic = true
		// An interface of a generated file (a gRPC client stub): what its
		// implementations reach is reported at this call, the last in code
		// the user edits. (An interface of another module may have
		// implementations in this one: their paths go on.)
		if a.generatedObj(origin) {
			ev.entry = a.fullName(origin)
		}
		if w.viaProgram(call, &ev, true) {
			ev.targets = w.entries(call, ev)
			if len(ev.targets) > 0 {
				ev.args = w.args(call)
				w.emit(ev)
			}
			return
		}
		if tp, ok := static.(*types.TypeParam); ok {
			// Through a type parameter: the type arguments of the
			// instantiations visible here, when there are any.
			if args := a.typeArgs(tp); len(args) > 0 {
				for _, arg := range args {
					w.viaTypeArg(call, &ev, origin, arg)
				}
				if len(ev.targets) > 0 {
					ev.args = w.args(call)
					w.emit(ev)
				}
				return
			}
		}
		ev.targets = a.programTargets(call.Pos(), a.implementations(origin, static))
		// Implementations among the sinks: a module's own interface over
		// *http.Client or over another module's client.
		impls := a.sinkImplementations(origin, static)
		// The stored types only narrow candidates: with none, the store
		// index (a walk of the whole package) is not built.
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && len(ev.targets)+len(impls) > 0 {
			stored := a.storedTypes(sel.X)
			if promoted != nil {
				stored = a.fieldTypes(promoted)
			}
			if len(stored) > 0 {
				ev.targets, impls = a.storedTargets(stored, ev.targets, impls)
			}
		}
		ev.targets, impls = a.oneTarget(ev.targets, impls)
		for _, impl := range impls {
			w.emit(event{pos: call.Pos(), dynamic: true, sink: &sinkHit{sinkName(impl.fn), w.sinkState(call, impl.rule)}})
		}
		// After the sinks: at the same call, a sink's report names the
		// form that takes a context, an entry's only what it reaches.
		ev.targets = w.entries(call, ev)
		// A module-local interface that only other modules implement (an
		// unexported client type behind a constructor, say) is a call into
		// them: presumed blocking when its method takes a context.
		if i := ctxtypes.ContextParam(origin.Signature()); i >= 0 && len(ev.targets) == 0 && len(impls) == 0 && a.moduleOnlyElsewhere(origin, static) {
			w.emit(event{pos: call.Pos(), dynamic: true, sink: &sinkHit{sinkName(origin), w.sinkState(call, sinkRule{source: ctxArg, arg: i})}})
			return
		}
	} else if origin.Pkg() == a.pass.Pkg {
		if u := a.funcUnits[origin]; u != nil {
			ev.targets = []target{{unit: u, shift: shift}}
			if a.generatedObj(origin) {
				ev.entry = a.fullName(origin)
			}
		}
	} else if s := a.importedSummary(origin); s != nil {
		ev.targets = []target{{summary: s, shift: shift}}
		if a.otherModule(origin) || a.generatedPos(origin.Pos()) {
			ev.entry = a.fullName(origin)
			ev.optCtx = w.optionsContext(call)
		}
	}
	if len(ev.targets) > 0 {
		ev.args = w.args(call) // only now: most calls reach nothing
		w.emit(ev)
	}
}

// dynamicValue records a call through a function value: the functions a
// local variable was bound to when that is all it ever holds, else every
// function of the signature used as a value.
func (w *walker) dynamicValue(fun ast.Expr, sig *types.Signature, pos token.Pos, call *ast.CallExpr) {
	a := w.a
	ev := event{pos: pos, dynamic: true}
	if call != nil {
		ev.args = w.args(call)
	}
	var bound *types.Var
	switch f := fun.(type) {
	case *ast.Ident:
		bound, _ = a.objOf(f).(*types.Var)
	case *ast.SelectorExpr:
		if s, ok := a.info.Selections[f]; ok && s.Kind() == types.FieldVal {
			bound, _ = s.Obj().(*types.Var)
		} else {
			bound, _ = a.info.Uses[f.Sel].(*types.Var) // pkg.Var
		}
	}
	if bound != nil {
		if refs, lits, ok := a.boundFuncs(bound); ok {
			// A literal bound to a local runs here, with this unit's
			// variables; its calls come after this one on the path.
			w.via = append(w.via, pos)
			for _, lit := range lits {
				w.inline(lit, call)
			}
			w.via = w.via[:len(w.via)-1]
			// Through a field call, what the field holds are the event's
			// targets: a caller's resolution of the field call replaces
			// them.
			fieldCall := false
			if call != nil {
				_, _, fieldCall = w.fieldCallOf(fun)
			}
			for _, ref := range refs {
				switch r := ref.(type) {
				case *ast.FuncLit:
					if w.writtenHere(bound, r) {
						// A unit of its own (a whole-program callee), but
						// this local holds the one this function made.
						w.via = append(w.via, pos)
						w.inline(r, call)
						w.via = w.via[:len(w.via)-1]
					} else if u := a.litUnits[r]; u != nil {
						ev.targets = append(ev.targets, target{unit: u})
					}
				default:
					if fn, ok := a.info.Uses[identOf(r)].(*types.Func); ok {
						if t, ok := a.valueTarget(fn, r); ok && fieldCall {
							ev.targets = append(ev.targets, t)
							continue
						}
						w.funcValue(fn, r, pos, call, nil)
					}
				}
			}
			w.emitDynamic(ev, fun, call)
			return
		}
	}
	// A call through a parameter runs what each caller passes, and the
	// caller runs the functions it passes in place (callValues): the call
	// graph, which merges every caller's arguments, would blur that.
	ref, isParam := a.params[bound]
	if !isParam && w.viaProgram(call, &ev, false) {
		w.emitDynamic(ev, fun, call)
		return
	}
	if isParam && w.u.fn == ref.fn && w.u.root == nil && a.passedInPlace(ref) {
		// Each caller runs what it passes, during the call. (Not in a
		// literal that may run later, nor in a loop of the function's
		// own.)
		return
	}
	ev.targets, _ = a.oneTarget(a.funcValueTargets(sig), nil)
	w.emitDynamic(ev, fun, call)
}

// args evaluates the call's carrier arguments.
func (w *walker) args(call *ast.CallExpr) []*ctxState {
	sig, ok := typeUnder(w.a.info.TypeOf(call.Fun)).(*types.Signature)
	if !ok {
		return nil
	}
	params := sig.Params()
	out := make([]*ctxState, params.Len())
	for i := range params.Len() {
		if sig.Variadic() && i == params.Len()-1 || i >= len(call.Args) || len(call.Args) != params.Len() && !sig.Variadic() {
			continue
		}
		if c := carrierOf(params.At(i).Type()); c != notCarrier {
			s := w.env.eval(call.Args[i], c)
			out[i] = &s
		}
	}
	return out
}

// entries emits, for each of an interface call's targets that lies in
// another module, an event of its own that enters it, and returns the
// others: the path stops at the call the user edits, one report per call
// site, as for a static call into that module. A target whose summary
// calls through its object's fields stays: the call resolves them.
func (w *walker) entries(call *ast.CallExpr, ev event) []target {
	if ev.entry != "" || !slices.ContainsFunc(ev.targets, func(t target) bool { return t.entry != "" }) {
		return ev.targets
	}
	var rest []target
	for _, t := range ev.targets {
		if t.entry == "" || t.summary == nil || len(t.summary.Fields) > 0 {
			rest = append(rest, t)
			continue
		}
		w.emit(event{pos: call.Pos(), call: call, dynamic: true, entry: t.entry, targets: []target{t},
			args: w.args(call), optCtx: w.optionsContext(call)})
	}
	return rest
}
