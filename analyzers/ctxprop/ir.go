package ctxprop

import (
	"go/ast"
	"go/token"
	"go/types"
)

// The intermediate representation summaries are computed on.
//
// A unit is a body whose summary is computed: a function declaration, a
// stored function literal, or one iteration of a monitored loop (a root).
// index makes the units of declarations and literals; findRoots finds
// the roots, and report makes a unit of each to walk like the others.
//
// An event is one call in a unit that may block: a sink, or a call to
// functions whose summaries say what they reach. buildEvents walks each
// unit once and records its events, in source order, with the context
// state of the call's arguments.
//
// A target is one function an event's call may run: a unit of this
// package, or the exported summary (a fact) of an imported function. An
// interface call or a call through a function value has several.
//
// summarize then computes each unit's reaches from its events' targets,
// callees before callers, and exportFacts exports them as Summary facts
// (facts.go).

// unit is a body whose summary is computed: a function declaration, a
// stored function literal, or the iteration of a monitored loop (root).
type unit struct {
	name     string
	fn       *types.Func   // declarations
	lit      *ast.FuncLit  // stored literals
	decl     *ast.FuncDecl // the enclosing declaration, if any
	ftype    *ast.FuncType
	body     ast.Node
	sig      *types.Signature
	detached bool
	root     *root
	// A literal that is a unit only because the whole program's call
	// graph runs it, not stored: the call it is passed to (argument arg),
	// or the local it is bound to (inplace.go).
	passedTo *ast.CallExpr
	arg      int
	boundTo  *types.Var
	inPlace  int8 // runsOnlyInPlace: 0 unknown, 1 no, 2 yes

	events []*event
	fields []*fieldCall // calls through its object's fields (fields.go)
	// fieldFacts are fields as the summary says them, made on demand.
	fieldFacts []FieldCall
	reaches    map[reachKey]*Reach
	sorted     []*Reach // reaches in key order, made on demand
	callers    []*unit
	env        *env // roots keep theirs, for suggested fixes
	// guards are the branches its parameters choose, and addrParams the
	// parameters whose address it takes (guards.go).
	guards     []guardRegion
	addrParams map[int]bool
	// paramWrites holds where u writes each parameter (NoPos inside a
	// function literal).
	paramWrites map[int][]token.Pos
	guardsDone  bool
}

// event is one call in a unit that may block: a sink, or a call to
// functions whose summaries say what they reach.
type event struct {
	pos token.Pos
	// via holds the calls through which a function literal bound to a
	// local was entered: hops before pos in the same unit.
	via []token.Pos
	// in is the unit the call at pos is made in, when not the walker's:
	// a helper of the package that calls the function passed to it
	// (calledThere), entered through the last of via.
	in      *unit
	dynamic bool
	sink    *sinkHit
	targets []target
	args    []*ctxState // by parameter index of the call site's signature
	hops    []Hop       // via and pos as path steps, made on demand
	path    *path       // hops as a path of its own, for a sink or an entry
	// entry is the callee's full name when it lies in another module or in
	// a generated file: what it reaches is reported at this call.
	entry string
	// optCtx is the context an entry call's options carry (Consul's
	// QueryOptions.WithContext(ctx)): what it reaches runs under it.
	optCtx *ctxState
	// ignore is the //ctxlint:ignore on the line of pos or of a via call,
	// found with hops: every path through the event is suppressed.
	ignore *directive
	// call is the call of a static event, whose callees' field calls its
	// arguments may resolve (resolved); field is 1 + the index of the
	// unit's field call this event is, or 0.
	call     *ast.CallExpr
	resolved []resolvedField
	field    int
	// forwards maps the callees' field calls the unit makes its own
	// (forward.go).
	forwards []forwardRef
	// guard is the unit's boolean parameter value the event runs under,
	// if any (guards.go).
	guard guard
}

type sinkHit struct {
	name  string
	state ctxState
}

// target is one function a call may run: a unit of this package, or the
// summary of an imported one. shift maps the callee's parameter indices to
// the call site's (1 for a method expression, whose receiver is the first
// argument).
type target struct {
	unit    *unit
	summary *Summary
	shift   int
	// entry names the method an interface call enters when it lies in
	// another module: the path stops at the call, as for a static call.
	entry string
}

// paramRef locates a parameter: its function and index.
type paramRef struct {
	fn *types.Func
	i  int
}

// callSite is a call of a function of the package, indexed by callee
// (pkgAnalysis.calls) for the queries that ask what its callers pass.
type callSite struct {
	call   *ast.CallExpr
	caller *ast.FuncDecl
	inLit  bool // in a function literal of caller, which may run later
}
