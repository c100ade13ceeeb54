package ctxprop

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// pkgAnalysis holds what one pass knows about its package: where values
// come from, which functions are used as values, and the units to
// summarise. run fills the inputs, index the indexes, findRoots the
// roots; summarize and report read them all. The caches fill on demand.
type pkgAnalysis struct {
	// Inputs: what the pass, the flags and the pre-scans give before the
	// package is indexed.
	pass          *analysis.Pass
	cfg           *config
	info          *types.Info
	program       *Program              // whole-program runs only
	dirs          *directives           // the package's //ctxlint: comments
	customHandles map[*types.Named]bool // the result types of -ctxprop.register's functions
	fields        fieldScan             // exportConstructs' findings

	// Indexes: made by index's one walk of the package, so that no query
	// walks the files again.

	// assigns maps a variable to every expression assigned to it anywhere
	// in the package; flow-insensitive on purpose.
	assigns map[types.Object][]ast.Expr
	// fieldValues maps a struct field to every value stored in it, through
	// composite literals or assignments.
	fieldValues map[*types.Var][]ast.Expr
	// fieldAssigned holds the fields (generic origins) a statement writes
	// (x.f = v, or *x = T{...} for the func-typed fields of T): those a
	// constructor's store does not decide for the object's life.
	fieldAssigned map[*types.Var]bool
	// fieldSetters holds the fields setters write (setters.go).
	fieldSetters map[*types.Var]bool
	// calls maps a package function to its call sites in the package.
	calls map[*types.Func][]callSite
	// addrTaken holds the package's functions used as values.
	addrTaken map[*types.Func]bool
	// importedValues holds the functions of other packages this package
	// uses as values (reg.Register("docker", prov.Hostname)): the Dispatch
	// fact passes them on with their summaries.
	importedValues map[*types.Func]bool
	// stores are the unexported package variables holding literals.
	stores    privateStores
	params    map[*types.Var]paramRef // parameters of the package's functions
	litParams map[*types.Var]bool     // the parameters of the package's function literals
	addressed map[types.Object]bool   // variables and fields (origins) whose address is taken
	handoff   handoffs                // channel hand-offs (handoff.go)
	// nodes holds what buildEvents looks at, in source order: calls, go
	// statements, function literals and range-over-func statements.
	nodes     []ast.Node
	rootSites []rootSite // made by index, read by findRoots

	// Units and roots: the bodies to summarise (index), and the monitored
	// loops' iterations among them (findRoots).
	funcUnits map[*types.Func]*unit
	litUnits  map[*ast.FuncLit]*unit // function literals stored as values
	units     []*unit
	roots     []*root
	regions   []ast.Node // the roots' iterations, which other units do not propagate

	// result is what run returns, filled by summarize and report.
	result Result

	// Caches: each answers a question that summaries ask again and again
	// (of every call, or of every unit), computed once on first use.
	imported     *importIndex                 // the imports' index (resolve.go)
	writes       map[*types.Var][]objectWrite // objectWrites' cache, by variable
	stdCache     map[*types.Package]stdness
	files        map[string]*token.File
	sinkImpls    map[implKey][]sinkImpl
	sinkTypePkgs []*types.Package // the closure's packages whose types may be sinks
	sinkCache    map[*types.Func]sinkLookup
	started      map[*types.Func][]int      // startsParam's cache
	waitersOf    map[paramRef][]*types.Func // waiters' cache
	inPlace      map[paramRef]bool          // passedInPlace's cache
	onlyCalled   map[paramRef]bool          // onlyCalled's cache
	ifaceMethods map[string]bool            // interfaceDeclares' names
	ownImpls     map[string]bool            // moduleOnlyElsewhere's cache
	typeArgCache map[*types.TypeParam][]types.Type
	implCache    map[implKey][]target             // implementations' cache
	ifaces       map[*types.Interface]*ifaceFacts // implementations' per interface
	fullNames    map[*types.Func]string           // fullName's cache
	paramCalls   map[*types.Var]*ast.CallExpr     // paramCall's cache
	locals       []types.Type                     // localTypes' cache
	storeIx      *storeIndex                      // fieldStores' index (storedtypes.go)
	storeCands   int8                             // mayStore's answer: 0 unknown, 1 no, 2 yes
	litsByPos    map[token.Pos]*unit              // litUnitAt's index
	isDependency int8                             // dependency's answer: 0 unknown, 1 no, 2 yes
}
