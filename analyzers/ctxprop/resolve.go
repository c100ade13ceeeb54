package ctxprop

import (
	"go/ast"
	"go/types"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
)

// importIndex holds what imported packages export for dynamic calls.
type importIndex struct {
	methods map[string][]importedMethod // by method name
	values  map[string][]*Summary       // by signature
	bySig   map[string][]target         // cache of funcValueTargets
}

type importedMethod struct {
	methodSet []string // of the receiver type (TypeMethods.MethodSet)
	summary   *Summary
	pkg, typ  string // where the method is declared, for its full name
	ptr       bool
}

// fullName is the method's types.Func.FullName.
func (m importedMethod) fullName(name string) string {
	if m.ptr {
		return "(*" + m.pkg + "." + m.typ + ")." + name
	}
	return "(" + m.pkg + "." + m.typ + ")." + name
}

// importIndex returns the package's importIndex, made on first use: a
// package that makes no dynamic call never needs it.
func (a *pkgAnalysis) importIndex() *importIndex {
	if a.imported == nil {
		a.imported = newImportIndex(a.pass)
	}
	return a.imported
}

func newImportIndex(pass *analysis.Pass) *importIndex {
	ix := &importIndex{methods: make(map[string][]importedMethod), values: make(map[string][]*Summary),
		bySig: make(map[string][]target)}
	facts := make(map[string]*Dispatch)
	for _, f := range pass.AllPackageFacts() {
		if d, ok := f.Fact.(*Dispatch); ok && f.Package != pass.Pkg {
			facts[f.Package.Path()] = d
		}
	}
	paths := make([]string, 0, len(facts))
	for path := range facts {
		paths = append(paths, path)
	}
	sort.Strings(paths)
	for _, path := range paths {
		d := facts[path]
		for i := range d.Values {
			v := &d.Values[i]
			ix.values[v.Signature] = append(ix.values[v.Signature], &v.Summary)
		}
		for _, t := range d.Types {
			for i := range t.Methods {
				m := &t.Methods[i]
				ix.methods[m.Name] = append(ix.methods[m.Name], importedMethod{t.MethodSet, &m.Summary, path, t.Type, m.Ptr})
			}
		}
	}
	return ix
}

// targetOf returns what calling fn (a generic origin) runs: its unit in
// this package, or its summary from another.
func (a *pkgAnalysis) targetOf(fn *types.Func) (target, bool) {
	if fn.Pkg() == a.pass.Pkg {
		if u := a.funcUnits[fn]; u != nil {
			return target{unit: u}, true
		}
	} else if s := a.importedSummary(fn); s != nil {
		return target{summary: s}, true
	}
	return target{}, false
}

// importedSummary returns the Summary fact of a function of another
// package, or nil.
func (a *pkgAnalysis) importedSummary(fn *types.Func) *Summary {
	s := new(Summary)
	if a.pass.ImportObjectFact(fn, s) {
		return s
	}
	return nil
}

// implementations resolves an interface method call to the methods of
// every type visible from the package that implements the receiver's
// static type: this package's named types and the summarised methods of
// imported ones.
func (a *pkgAnalysis) implementations(m *types.Func, static types.Type) []target {
	iface, ok := static.Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	// Memoized: a generated SDK package makes thousands of calls through
	// a few interfaces, and has thousands of types to match.
	key := implKey{iface, m}
	if out, ok := a.implCache[key]; ok {
		return slices.Clip(out)
	}
	if a.implCache == nil {
		a.implCache = make(map[implKey][]target)
	}
	var out []target
	seen := make(map[*types.Func]bool)
	add := func(t types.Type) {
		obj, _, _ := types.LookupFieldOrMethod(t, true, m.Pkg(), m.Name())
		fn, ok := obj.(*types.Func)
		if !ok {
			return
		}
		fn = fn.Origin()
		if seen[fn] {
			return
		}
		seen[fn] = true
		if fn.Pkg() == a.pass.Pkg {
			if u := a.funcUnits[fn]; u != nil {
				out = append(out, target{unit: u})
			}
		} else if s := a.importedSummary(fn); s != nil {
			out = append(out, target{summary: s, entry: a.entryName(fn.Pkg().Path(), fn.FullName())})
		}
	}
	info := a.ifaceInfo(iface)
	if !info.matched {
		for _, t := range a.localTypes() {
			if !types.IsInterface(t) && types.Implements(t, iface) {
				info.locals = append(info.locals, t)
			}
		}
		info.matched = true
	}
	for _, t := range info.locals {
		add(t)
	}
	// Imported types are matched by method set, by name and signature.
	cands := a.importIndex().methods[m.Name()]
	if len(cands) > 0 && info.want == nil {
		info.want = []string{}
		for m := range iface.Methods() {
			info.want = append(info.want, m.Name()+typeString(m.Signature()))
		}
	}
	for _, im := range cands {
		if implementsAll(im.methodSet, info.want) {
			out = append(out, target{summary: im.summary, entry: a.entryName(im.pkg, im.fullName(m.Name()))})
		}
	}
	a.implCache[key] = out
	return slices.Clip(out)
}

type implKey struct {
	iface *types.Interface
	m     *types.Func
}

// ifaceFacts is what implementations finds of an interface, whatever
// the method called: an SDK calls every method of a few interfaces, and
// would otherwise match every type against each one again.
type ifaceFacts struct {
	locals  []types.Type // the local types (localTypes) that implement it
	matched bool         // locals is known
	want    []string     // its methods as implementsAll matches them, non-nil once made
}

func (a *pkgAnalysis) ifaceInfo(iface *types.Interface) *ifaceFacts {
	info := a.ifaces[iface]
	if info == nil {
		info = new(ifaceFacts)
		if a.ifaces == nil {
			a.ifaces = make(map[*types.Interface]*ifaceFacts)
		}
		a.ifaces[iface] = info
	}
	return info
}

// localTypes returns the package's non-generic named types, each with its
// pointer: the candidates of implementations.
func (a *pkgAnalysis) localTypes() []types.Type {
	if a.locals != nil {
		return a.locals
	}
	a.locals = []types.Type{}
	scope := a.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		if named, ok := tn.Type().(*types.Named); ok && named.TypeParams().Len() == 0 {
			a.locals = append(a.locals, named, types.NewPointer(named))
		}
	}
	return a.locals
}

type sinkImpl struct {
	fn   *types.Func
	rule sinkRule
}

// sinkImplementations returns the sinks that implement an interface method
// called through static: methods of the sink packages' and other modules'
// types in the import closure.
func (a *pkgAnalysis) sinkImplementations(m *types.Func, static types.Type) []sinkImpl {
	iface, ok := static.Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	key := implKey{iface, m}
	if impls, ok := a.sinkImpls[key]; ok {
		return impls
	}
	var out []sinkImpl
	seen := map[*types.Func]bool{}
	for _, p := range a.sinkTypePackages() {
		for _, named := range typesWithMethod(p, m.Name()) {
			for _, t := range []types.Type{named, types.NewPointer(named)} {
				if !types.Implements(t, iface) {
					continue
				}
				obj, _, _ := types.LookupFieldOrMethod(t, true, m.Pkg(), m.Name())
				if fn, ok := obj.(*types.Func); ok && !seen[fn.Origin()] {
					seen[fn.Origin()] = true
					if rule, ok := a.sinkFor(fn.Origin()); ok {
						out = append(out, sinkImpl{fn.Origin(), rule})
					}
				}
			}
		}
	}
	a.sinkImpls[key] = out
	return out
}

// typesWithMethod returns a package's exported, non-generic, non-interface
// named types whose pointer's method set has a method of that name. The
// index is built once per package object for the process (a standalone run
// shares package objects between passes): net/http alone has dozens of
// types, and every interface call would test them all.
func typesWithMethod(p *types.Package, method string) []*types.Named {
	if v, ok := methodIndexCache.Load(p); ok {
		return v.(map[string][]*types.Named)[method]
	}
	index := make(map[string][]*types.Named)
	scope := p.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || !tn.Exported() || tn.IsAlias() {
			continue
		}
		named, ok := tn.Type().(*types.Named)
		if !ok || named.TypeParams().Len() > 0 || types.IsInterface(named) {
			continue
		}
		mset := types.NewMethodSet(types.NewPointer(named))
		for sel := range mset.Methods() {
			name := sel.Obj().Name()
			index[name] = append(index[name], named)
		}
	}
	v, _ := methodIndexCache.LoadOrStore(p, index)
	return v.(map[string][]*types.Named)[method]
}

var methodIndexCache sync.Map // *types.Package -> map[method name][]*types.Named

// sinkTypePackages returns the packages of the import closure whose types
// may implement an interface with a sink: the curated sink packages and
// the packages of other modules.
func (a *pkgAnalysis) sinkTypePackages() []*types.Package {
	if a.sinkTypePkgs != nil {
		return a.sinkTypePkgs
	}
	out := []*types.Package{}
	seen := map[*types.Package]bool{a.pass.Pkg: true} // visited
	stdSinks := map[*types.Package]bool{}             // in out
	var visit func(p *types.Package)
	visit = func(p *types.Package) {
		for _, imp := range p.Imports() {
			if seen[imp] {
				continue
			}
			seen[imp] = true
			// Only a package known to be standard is cut short: its
			// imports are standard too.
			if s := a.stdness(imp); s.std && s.sure {
				for _, sink := range stdSinkPackages(imp) {
					if !stdSinks[sink] {
						stdSinks[sink] = true
						out = append(out, sink)
					}
				}
				continue
			}
			if sinkPackages[imp.Path()] || !a.isStdPkg(imp) && a.otherModulePath(imp.Path()) {
				out = append(out, imp)
			}
			visit(imp)
		}
	}
	visit(a.pass.Pkg)
	a.sinkTypePkgs = out
	return out
}

// stdSinkPackages returns the sink packages in a standard package's import
// closure, itself included, once per package object for the process: the
// standard library imports only itself, and net/http's closure alone is
// a hundred packages deep.
func stdSinkPackages(p *types.Package) []*types.Package {
	if v, ok := stdSinkCache.Load(p); ok {
		return v.([]*types.Package)
	}
	var out []*types.Package
	if sinkPackages[p.Path()] {
		out = append(out, p)
	}
	for _, imp := range p.Imports() {
		for _, s := range stdSinkPackages(imp) {
			if !slices.Contains(out, s) {
				out = append(out, s)
			}
		}
	}
	v, _ := stdSinkCache.LoadOrStore(p, out)
	return v.([]*types.Package)
}

var stdSinkCache sync.Map // *types.Package -> []*types.Package

// implementsAll reports whether the sorted method set has every one of
// methods.
func implementsAll(set, methods []string) bool {
	for _, m := range methods {
		if _, ok := slices.BinarySearch(set, m); !ok {
			return false
		}
	}
	return true
}

// funcValueTargets resolves a call through a function value of signature
// sig to every function of that signature used as a value: this package's
// functions and stored literals, and the summarised ones of imported
// packages.
func (a *pkgAnalysis) funcValueTargets(sig *types.Signature) []target {
	key := types.TypeString(sig, nil)
	if t, ok := a.importIndex().bySig[key]; ok {
		return t
	}
	var out []target
	for _, u := range a.units {
		switch {
		case u.root != nil:
		case u.fn != nil && a.addrTaken[u.fn] && sameSignature(u.fn.Signature(), sig):
			out = append(out, target{unit: u})
		case u.lit != nil && u.sig != nil && sameSignature(u.sig, sig) && !a.runsOnlyInPlace(u):
			out = append(out, target{unit: u})
		}
	}
	for _, s := range a.importIndex().values[key] {
		out = append(out, target{summary: s})
	}
	// Functions of other packages stored here, in order for stable paths.
	var stored []*types.Func
	for fn := range a.importedValues {
		if sameSignature(fn.Signature(), sig) {
			stored = append(stored, fn)
		}
	}
	slices.SortFunc(stored, func(x, y *types.Func) int { return strings.Compare(x.FullName(), y.FullName()) })
	for _, fn := range stored {
		if s := a.importedSummary(fn); s != nil {
			out = append(out, target{summary: s})
		}
	}
	a.importIndex().bySig[key] = out
	return out
}

// passedInPlace reports whether every caller of p's function passes, for
// p, a value that the caller itself runs in place at the call
// (callValues): a literal, a named function or method value, a local
// bound to such, or a parameter of its own that its callers pass so. Then
// the function's call through p runs nothing more: its callers say what,
// and resolving it by signature would run every function of the package
// of that shape. The callers must all be in sight: the function is
// unexported, never a value, and no method an interface of the package
// declares.
func (a *pkgAnalysis) passedInPlace(p paramRef) bool {
	if v, ok := a.inPlace[p]; ok {
		return v
	}
	// Only the answer for p is kept: those of the parameters it depends
	// on may rest on the assumption made for p, in a cycle.
	ok := a.findPassedInPlace(p, map[paramRef]bool{})
	put(&a.inPlace, p, ok)
	return ok
}

// findPassedInPlace is passedInPlace, with the parameters being decided:
// a cycle through one of them adds no other value.
func (a *pkgAnalysis) findPassedInPlace(p paramRef, deciding map[paramRef]bool) bool {
	if deciding[p] {
		return true
	}
	if len(deciding) > 4 {
		return false
	}
	deciding[p] = true
	defer delete(deciding, p)
	fn, sig := p.fn, p.fn.Signature()
	if fn.Exported() || a.addrTaken[fn] || len(a.calls[fn]) == 0 || sig.Variadic() && p.i == sig.Params().Len()-1 {
		return false
	}
	if sig.Recv() != nil && a.interfaceDeclares(fn.Name()) {
		return false
	}
	for _, site := range a.calls[fn] {
		call := site.call
		if p.i >= len(call.Args) || call.Ellipsis.IsValid() || methodExprShift(a.info, call.Fun) != 0 {
			return false
		}
		arg := ast.Unparen(call.Args[p.i])
		if _, ok := arg.(*ast.FuncLit); ok {
			continue
		}
		switch obj := a.info.Uses[identOf(arg)].(type) {
		case *types.Func:
			if tv, ok := a.info.Types[arg]; ok && tv.IsValue() {
				continue
			}
		case *types.Var:
			if _, isIdent := arg.(*ast.Ident); !isIdent || obj.Parent() == obj.Pkg().Scope() {
				break
			}
			if a.addressed[obj] {
				break // it may be set through a pointer
			}
			if q, ok := a.params[obj]; ok {
				// Its own parameter, as its callers pass it: not if it
				// may hold something else by the call, nor from a
				// literal that may run later or a loop of its own,
				// whose callers do not run it there.
				if len(a.assigns[obj]) == 0 && site.caller != nil && !site.inLit && !a.inRoot(call) && a.findPassedInPlace(q, deciding) {
					continue
				}
				break
			}
			if _, _, ok := a.boundFuncs(obj); ok {
				continue
			}
		}
		return false
	}
	return true
}

// interfaceDeclares reports whether an interface type of the package has
// a method of that name: a call through it may run a method of
// the name with arguments out of sight.
func (a *pkgAnalysis) interfaceDeclares(name string) bool {
	if a.ifaceMethods == nil {
		a.ifaceMethods = map[string]bool{}
		// Every interface type written in the package: declared at any
		// level, a literal, a constraint.
		for _, tv := range a.info.Types {
			if !tv.IsType() {
				continue
			}
			if it, ok := tv.Type.Underlying().(*types.Interface); ok {
				for m := range it.Methods() {
					a.ifaceMethods[m.Name()] = true
				}
			}
		}
	}
	return a.ifaceMethods[name]
}

// sameSignature compares parameters and results, ignoring receivers, so a
// method value matches a function of the same shape.
func sameSignature(a, b *types.Signature) bool {
	return a.Variadic() == b.Variadic() &&
		types.Identical(a.Params(), b.Params()) && types.Identical(a.Results(), b.Results())
}

// boundFuncs returns what a function variable or field holds when every
// value stored in it in this package is a function literal or a named
// function (or method value, or method expression): refs are the stored
// literals and the named ones, lits the literals bound to locals, to be
// inlined where they are called.
func (a *pkgAnalysis) boundFuncs(v *types.Var) (refs []ast.Expr, lits []*ast.FuncLit, ok bool) {
	values := a.assigns[v]
	if v.IsField() {
		values = a.fieldValues[v]
	}
	if len(values) == 0 {
		return nil, nil, false
	}
	for _, val := range values {
		switch x := ast.Unparen(val).(type) {
		case *ast.FuncLit:
			if a.litUnits[x] != nil {
				refs = append(refs, x)
			} else {
				lits = append(lits, x)
			}
		case *ast.Ident, *ast.SelectorExpr:
			if _, isFunc := a.info.Uses[identOf(x)].(*types.Func); !isFunc {
				return nil, nil, false
			}
			refs = append(refs, x)
		default:
			return nil, nil, false
		}
	}
	return refs, lits, true
}

// clientTimeout finds the Timeout of the *http.Client that x evaluates to,
// if it was built in this package with one.
func (a *pkgAnalysis) clientTimeout(x ast.Expr, depth int) string {
	if depth > 3 {
		return ""
	}
	var values []ast.Expr
	switch x := ast.Unparen(x).(type) {
	case *ast.UnaryExpr:
		return a.clientTimeout(x.X, depth+1)
	case *ast.CompositeLit:
		for _, elt := range x.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Timeout" {
					return "the client's Timeout (" + types.ExprString(kv.Value) + ")"
				}
			}
		}
		return ""
	case *ast.Ident:
		if obj := a.objOf(x); obj != nil {
			values = a.assigns[obj]
		}
	case *ast.SelectorExpr:
		if sel, ok := a.info.Selections[x]; ok && sel.Kind() == types.FieldVal {
			values = a.fieldValues[sel.Obj().(*types.Var)]
		}
	}
	for _, v := range values {
		if t := a.clientTimeout(v, depth+1); t != "" {
			return t
		}
	}
	return ""
}

// otherModule reports whether fn belongs to another module than the
// package under analysis (and not to the standard library).
func (a *pkgAnalysis) otherModule(fn *types.Func) bool {
	return !a.isStdPkg(fn.Pkg()) && a.otherModulePath(fn.Pkg().Path())
}

func (a *pkgAnalysis) otherModulePath(path string) bool {
	if m := a.pass.Module; m != nil && m.Path != "" {
		return path != m.Path && !strings.HasPrefix(path, m.Path+"/")
	}
	return modulePrefix(path) != modulePrefix(a.pass.Pkg.Path())
}

// modulePrefix guesses a module path from a package path, for drivers that
// give no module information.
func modulePrefix(path string) string {
	parts := strings.Split(path, "/")
	n := 1
	if strings.Contains(parts[0], ".") {
		n = 2
		switch parts[0] {
		case "github.com", "gitlab.com", "bitbucket.org", "golang.org", "go.googlesource.com":
			n = 3
		}
	}
	if n > len(parts) {
		n = len(parts)
	}
	return strings.Join(parts[:n], "/")
}

// isStdPkg reports whether pkg is in the standard library: its files lie
// under GOROOT, or, without positions, its path has no dot.
func (a *pkgAnalysis) isStdPkg(pkg *types.Package) bool { return a.stdness(pkg).std }

// stdness says whether pkg is in the standard library, and whether its
// files' position said so (sure) or only its path did: a package that
// declares nothing, such as one that only links others in with blank
// imports, has no position to tell.
func (a *pkgAnalysis) stdness(pkg *types.Package) stdness {
	if s, ok := a.stdCache[pkg]; ok {
		return s
	}
	// Whether a path is in the standard library does not change during a
	// process: remember it across passes.
	if s, ok := stdPaths.Load(pkg.Path()); ok {
		a.stdCache[pkg] = s.(stdness)
		return s.(stdness)
	}
	s := stdness{std: !strings.Contains(strings.Split(pkg.Path(), "/")[0], ".")}
	if sc := pkg.Scope(); sc.Len() > 0 {
		if obj := sc.Lookup(sc.Names()[0]); obj.Pos().IsValid() {
			s = stdness{std: strings.HasPrefix(filepath.ToSlash(a.pass.Fset.Position(obj.Pos()).Filename), goroot), sure: true}
			stdPaths.Store(pkg.Path(), s)
		}
	}
	a.stdCache[pkg] = s
	return s
}

type stdness struct{ std, sure bool }

var stdPaths sync.Map // import path -> stdness decided by position

func shortFuncName(fn *types.Func) string {
	if fn.Pkg() == nil {
		return fn.Name()
	}
	return fn.Pkg().Name() + "." + fn.Name()
}

func baseName(path string) string { return filepath.Base(path) }

// moduleOnlyElsewhere reports whether an interface method belongs to an
// interface of the analysed module that no type of the module visible from
// here implements: whatever fills it comes from another module.
func (a *pkgAnalysis) moduleOnlyElsewhere(m *types.Func, static types.Type) bool {
	iface, ok := static.Underlying().(*types.Interface)
	if !ok || m.Pkg() == nil || a.isStdPkg(m.Pkg()) || a.otherModule(m) || isHealthPkg(m.Pkg()) {
		return false
	}
	key := types.TypeString(static, nil) + "." + m.Name()
	if v, ok := a.ownImpls[key]; ok {
		return !v
	}
	found := false
	seen := make(map[*types.Package]bool)
	var visit func(p *types.Package)
	visit = func(p *types.Package) {
		if found || seen[p] || a.isStdPkg(p) || a.otherModulePath(p.Path()) {
			return
		}
		seen[p] = true
		scope := p.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() {
				continue
			}
			named, ok := tn.Type().(*types.Named)
			if !ok || types.IsInterface(named) {
				continue
			}
			if named.TypeParams().Len() > 0 {
				// Some instantiation may implement it: take it as one.
				if obj, _, _ := types.LookupFieldOrMethod(named, true, m.Pkg(), m.Name()); obj != nil {
					found = true
					return
				}
				continue
			}
			if types.Implements(named, iface) || types.Implements(types.NewPointer(named), iface) {
				found = true
				return
			}
		}
		for _, imp := range p.Imports() {
			visit(imp)
		}
	}
	visit(a.pass.Pkg)
	put(&a.ownImpls, key, found)
	return !found
}

// entryName returns name, the full name of a method declared in package
// path, when that package lies in another module than this one: an
// interface call that runs it enters code the user does not edit.
func (a *pkgAnalysis) entryName(path, name string) string {
	if !a.otherModulePath(path) || !strings.Contains(strings.Split(path, "/")[0], ".") {
		return "" // this module's, or the standard library's
	}
	return name
}

// fullName is fn.FullName(), memoized: an SDK package calls the same few
// functions of its runtime module thousands of times, and each call names
// its callee as the event's entry.
func (a *pkgAnalysis) fullName(fn *types.Func) string {
	if name, ok := a.fullNames[fn]; ok {
		return name
	}
	name := fn.FullName()
	if a.fullNames == nil {
		a.fullNames = make(map[*types.Func]string)
	}
	a.fullNames[fn] = name
	return name
}
