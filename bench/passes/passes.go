// Package passes runs an analyzer's Run on one package outside any driver,
// with the facts that a checker run produced for the package's
// dependencies, so that a benchmark times the analyzer alone: no loading,
// no type-checking, no standard-library packages, no scheduling.
package passes

import (
	"fmt"
	"go/types"
	"os"
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

type objKey struct {
	obj types.Object
	t   reflect.Type
}

type pkgKey struct {
	pkg *types.Package
	t   reflect.Type
}

// Package is one package with the facts of its dependencies.
type Package struct {
	Pkg      *packages.Package
	objFacts map[objKey]analysis.Fact
	pkgFacts map[pkgKey]analysis.Fact
	inputs   map[*analysis.Analyzer]any // results of required analyzers, once computed
}

// Prepare runs the checker once with analyzers over roots and returns, for
// each root, a Package holding the facts its dependencies exported (for
// every fact-using analyzer in the graph) and the results of what the
// analyzers require (Inputs), with the checker's graph.
func Prepare(analyzers []*analysis.Analyzer, roots []*packages.Package) ([]*Package, *checker.Graph, error) {
	graph, err := checker.Analyze(analyzers, roots, nil)
	if err != nil {
		return nil, nil, err
	}
	byPkg := map[*packages.Package]*Package{}
	for act := range graph.All() {
		if act.Err != nil {
			return nil, nil, fmt.Errorf("%s: %v", act, act.Err)
		}
		p := byPkg[act.Package]
		if p == nil {
			p = &Package{Pkg: act.Package, objFacts: map[objKey]analysis.Fact{}, pkgFacts: map[pkgKey]analysis.Fact{}, inputs: map[*analysis.Analyzer]any{}}
			byPkg[act.Package] = p
		}
		if len(act.Analyzer.FactTypes) == 0 {
			continue
		}
		for _, f := range act.AllObjectFacts() {
			if f.Object.Pkg() != act.Package.Types {
				p.objFacts[objKey{f.Object, reflect.TypeOf(f.Fact)}] = f.Fact
			}
		}
		for _, f := range act.AllPackageFacts() {
			if f.Package != act.Package.Types {
				p.pkgFacts[pkgKey{f.Package, reflect.TypeOf(f.Fact)}] = f.Fact
			}
		}
	}
	out := make([]*Package, len(roots))
	for i, r := range roots {
		out[i] = byPkg[r]
		for _, a := range analyzers {
			if err := out[i].Inputs(a); err != nil {
				return nil, nil, err
			}
		}
	}
	return out, graph, nil
}

// Outcome is what one Run produced.
type Outcome struct {
	Result       any
	Diagnostics  []analysis.Diagnostic
	ObjectFacts  []analysis.ObjectFact // exported on the package's objects
	PackageFacts []analysis.Fact       // exported on the package
}

// Inputs computes, once, the results of the analyzers a requires
// (recursively) on p; Run reuses them. Prepare calls it for its analyzers.
func (p *Package) Inputs(a *analysis.Analyzer) error {
	for _, req := range a.Requires {
		if _, ok := p.inputs[req]; ok {
			continue
		}
		out, err := p.Run(req)
		if err != nil {
			return err
		}
		p.inputs[req] = out.Result
	}
	return nil
}

// Run runs a on p, with the results of its required analyzers (computed by
// Inputs, or now) and the facts of p's dependencies.
func (p *Package) Run(a *analysis.Analyzer) (*Outcome, error) {
	if err := p.Inputs(a); err != nil {
		return nil, err
	}
	inputs := make(map[*analysis.Analyzer]any, len(a.Requires))
	for _, req := range a.Requires {
		inputs[req] = p.inputs[req]
	}
	out := &Outcome{}
	own := map[objKey]analysis.Fact{}
	ownPkg := map[reflect.Type]analysis.Fact{}
	pkg := p.Pkg
	pass := &analysis.Pass{
		Analyzer:   a,
		Fset:       pkg.Fset,
		Files:      pkg.Syntax,
		OtherFiles: pkg.OtherFiles,
		Pkg:        pkg.Types,
		TypesInfo:  pkg.TypesInfo,
		TypesSizes: pkg.TypesSizes,
		TypeErrors: pkg.TypeErrors,
		Module:     module(pkg.Module),
		ResultOf:   inputs,
		Report:     func(d analysis.Diagnostic) { out.Diagnostics = append(out.Diagnostics, d) },
		ReadFile:   func(string) ([]byte, error) { return nil, os.ErrNotExist },
		ImportObjectFact: func(obj types.Object, ptr analysis.Fact) bool {
			k := objKey{obj, reflect.TypeOf(ptr)}
			f, ok := own[k]
			if !ok {
				f, ok = p.objFacts[k]
			}
			if ok {
				reflect.ValueOf(ptr).Elem().Set(reflect.ValueOf(f).Elem())
			}
			return ok
		},
		ImportPackageFact: func(q *types.Package, ptr analysis.Fact) bool {
			var f analysis.Fact
			var ok bool
			if q == pkg.Types {
				f, ok = ownPkg[reflect.TypeOf(ptr)]
			} else {
				f, ok = p.pkgFacts[pkgKey{q, reflect.TypeOf(ptr)}]
			}
			if ok {
				reflect.ValueOf(ptr).Elem().Set(reflect.ValueOf(f).Elem())
			}
			return ok
		},
		ExportObjectFact: func(obj types.Object, f analysis.Fact) {
			own[objKey{obj, reflect.TypeOf(f)}] = f
			out.ObjectFacts = append(out.ObjectFacts, analysis.ObjectFact{Object: obj, Fact: f})
		},
		ExportPackageFact: func(f analysis.Fact) {
			ownPkg[reflect.TypeOf(f)] = f
			out.PackageFacts = append(out.PackageFacts, f)
		},
		AllObjectFacts: func() []analysis.ObjectFact {
			var all []analysis.ObjectFact
			for k, f := range p.objFacts {
				if isFactOf(a, f) {
					all = append(all, analysis.ObjectFact{Object: k.obj, Fact: f})
				}
			}
			for k, f := range own {
				all = append(all, analysis.ObjectFact{Object: k.obj, Fact: f})
			}
			return all
		},
		AllPackageFacts: func() []analysis.PackageFact {
			var all []analysis.PackageFact
			for k, f := range p.pkgFacts {
				if isFactOf(a, f) {
					all = append(all, analysis.PackageFact{Package: k.pkg, Fact: f})
				}
			}
			for _, f := range ownPkg {
				all = append(all, analysis.PackageFact{Package: pkg.Types, Fact: f})
			}
			return all
		},
	}
	res, err := a.Run(pass)
	if err != nil {
		return nil, fmt.Errorf("%s on %s: %v", a.Name, pkg.PkgPath, err)
	}
	out.Result = res
	return out, nil
}

func isFactOf(a *analysis.Analyzer, f analysis.Fact) bool {
	for _, t := range a.FactTypes {
		if reflect.TypeOf(t) == reflect.TypeOf(f) {
			return true
		}
	}
	return false
}

func module(m *packages.Module) *analysis.Module {
	if m == nil {
		return &analysis.Module{}
	}
	return &analysis.Module{Path: m.Path, Version: m.Version, Main: m.Main, Dir: m.Dir, GoMod: m.GoMod, GoVersion: m.GoVersion}
}
