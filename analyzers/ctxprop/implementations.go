package ctxprop

import (
	"go/types"
	"iter"
	"slices"
	"sync"
)

// Interface calls: the methods of every type visible from the package that
// implement an interface, and which of them are sinks.

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
			if mayHaveMethod(t, iface) && !types.IsInterface(t) && types.Implements(t, iface) {
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

// mayHaveMethod reports whether t, a local named type or a pointer to one,
// may have iface's first method: it declares a method of that name, or may
// promote one from an embedded field. Most types have neither, and this is
// much cheaper than types.Implements, which an SDK's hundreds of types
// would otherwise pay for each interface.
func mayHaveMethod(t types.Type, iface *types.Interface) bool {
	if iface.NumMethods() == 0 {
		return true
	}
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := t.(*types.Named)
	if !ok {
		return true
	}
	name := iface.Method(0).Name()
	for m := range named.Methods() {
		if m.Name() == name {
			return true
		}
	}
	if st, ok := named.Underlying().(*types.Struct); ok {
		for f := range st.Fields() {
			if f.Embedded() {
				return true
			}
		}
	}
	return false
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
		for name := range pointerMethodNames(named) {
			index[name] = append(index[name], named)
		}
	}
	v, _ := methodIndexCache.LoadOrStore(p, index)
	return v.(map[string][]*types.Named)[method]
}

var methodIndexCache sync.Map // *types.Package -> map[method name][]*types.Named

// pointerMethodNames yields the names in the method set of *named, once
// each. Only a struct that embeds a field has methods beyond those declared
// on named (promoted ones), and only then is the method set computed:
// most types of a dependency's generated code embed nothing, and
// types.NewMethodSet for each was most of typesWithMethod's time.
func pointerMethodNames(named *types.Named) iter.Seq[string] {
	return func(yield func(string) bool) {
		if st, ok := named.Underlying().(*types.Struct); ok && embeds(st) {
			for sel := range types.NewMethodSet(types.NewPointer(named)).Methods() {
				if !yield(sel.Obj().Name()) {
					return
				}
			}
			return
		}
		for m := range named.Methods() {
			if !yield(m.Name()) {
				return
			}
		}
	}
}

// embeds reports whether the struct has an embedded field.
func embeds(st *types.Struct) bool {
	for f := range st.Fields() {
		if f.Embedded() {
			return true
		}
	}
	return false
}

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
