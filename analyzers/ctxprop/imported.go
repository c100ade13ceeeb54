package ctxprop

import (
	"go/types"
	"sort"

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
