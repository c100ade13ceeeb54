package todoctx

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/ctxlint/ctxlint/internal/astwalk"
	"github.com/ctxlint/ctxlint/internal/funcname"
)

// classify sets the site's category and advice, and returns the fixes that
// are local and safe.
func (s *pkgState) classify(site *Site, call *ast.CallExpr, decl *ast.FuncDecl, lit *ast.FuncLit, stack []ast.Node) []analysis.SuggestedFix {
	var fixes []analysis.SuggestedFix
	if expr := s.contextInScope(call.Pos()); expr != "" {
		site.Category = InScope
		site.Advice = "a context is in scope: use " + expr
		fixes = []analysis.SuggestedFix{{
			Message:   "Use " + expr,
			TextEdits: []analysis.TextEdit{{Pos: call.Pos(), End: call.End(), NewText: []byte(expr)}},
		}}
	} else if why := s.rootReason(decl, lit, stack); why != "" {
		site.Category = Root
		site.Advice = why
	} else {
		site.Category = Hoist
		site.Advice, fixes = s.hoist(site, decl, call)
	}
	p := s.pass.Fset.Position(call.Pos())
	if st, ok := s.stuck[fmt.Sprintf("%s:%d:%d", p.Filename, p.Line, p.Column)]; ok {
		site.Beneath, site.Category = site.Category, Monitored
		site.Stuck = fmt.Sprintf("%s (%s) to %s", st.Component, st.Kind, st.Reach.Sink)
	}
	return fixes
}

// rootReason says why no deadline can be defined where the call is, or "".
func (s *pkgState) rootReason(decl *ast.FuncDecl, lit *ast.FuncLit, stack []ast.Node) string {
	if lit != nil && !invokedInPlace(lit, stack) {
		return "root: a function literal, whose signature its use fixes"
	}
	if decl == nil {
		return "root: a package-level initialiser"
	}
	fn, _ := s.info.Defs[decl.Name].(*types.Func)
	if fn == nil {
		return ""
	}
	if decl.Recv == nil {
		switch {
		case decl.Name.Name == "init":
			return "root: init runs before any deadline exists"
		case decl.Name.Name == "main" && s.pass.Pkg.Name() == "main":
			return "root: main, where the program's contexts start"
		}
	}
	if iface := s.implements(fn); iface != "" {
		return fmt.Sprintf("root: %s implements %s, whose signature is fixed", funcName(decl), iface)
	}
	if s.usesOf(fn).value {
		return fmt.Sprintf("root: %s is used as a value, so its signature is fixed", funcName(decl))
	}
	return ""
}

func invokedInPlace(lit *ast.FuncLit, stack []ast.Node) bool {
	for i := len(stack) - 1; i > 0; i-- {
		if stack[i] == lit {
			call, ok := stack[i-1].(*ast.CallExpr)
			return ok && call.Fun == lit
		}
	}
	return false
}

// implements returns "pkg.I.M" when fn is a method that satisfies an
// interface of the package or an exported one of its import closure; the
// first found, the package's own first, then its imports depth first.
func (s *pkgState) implements(fn *types.Func) string {
	recv := fn.Signature().Recv()
	if recv == nil {
		return ""
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if s.ifaces == nil {
		seen := map[*types.Package]bool{s.pass.Pkg: true}
		s.ifaces = append(s.ifaces, interfaces(s.pass.Pkg, false))
		var visit func(p *types.Package)
		visit = func(p *types.Package) {
			for _, imp := range p.Imports() {
				if !seen[imp] {
					seen[imp] = true
					s.ifaces = append(s.ifaces, exportedInterfaces(imp))
					visit(imp)
				}
			}
		}
		visit(s.pass.Pkg)
	}
	for _, byMethod := range s.ifaces {
		for _, tn := range byMethod[fn.Name()] {
			iface := tn.Type().Underlying().(*types.Interface)
			if types.Implements(t, iface) || types.Implements(types.NewPointer(t), iface) {
				return tn.Pkg().Name() + "." + tn.Name() + "." + fn.Name()
			}
		}
	}
	return ""
}

// interfaces indexes p's named interfaces, or only its exported ones, by
// method name.
func interfaces(p *types.Package, exportedOnly bool) map[string][]*types.TypeName {
	out := map[string][]*types.TypeName{}
	sc := p.Scope()
	for _, name := range sc.Names() {
		tn, ok := sc.Lookup(name).(*types.TypeName)
		if !ok || exportedOnly && !tn.Exported() {
			continue
		}
		if iface, ok := tn.Type().Underlying().(*types.Interface); ok {
			for m := range iface.Methods() {
				out[m.Name()] = append(out[m.Name()], tn)
			}
		}
	}
	return out
}

// exportedInterfaces is interfaces(p, true), made once per package object
// for the process: every package with a context.TODO() in a method looks
// through its whole import closure, the standard library included.
func exportedInterfaces(p *types.Package) map[string][]*types.TypeName {
	if v, ok := exportedInterfaceCache.Load(p); ok {
		return v.(map[string][]*types.TypeName)
	}
	v, _ := exportedInterfaceCache.LoadOrStore(p, interfaces(p, true))
	return v.(map[string][]*types.TypeName)
}

var exportedInterfaceCache sync.Map // *types.Package -> map[method name][]*types.TypeName

// hoist advises adding a ctx parameter. When every caller in the package
// has a context at the call, it also returns the fix: add the parameter,
// use it for the TODO, and pass the callers' context. Only the function's
// first site carries the fix, so that applying all fixes adds one
// parameter.
func (s *pkgState) hoist(site *Site, decl *ast.FuncDecl, call *ast.CallExpr) (string, []analysis.SuggestedFix) {
	fn := s.info.Defs[decl.Name].(*types.Func)
	if fn.Exported() {
		return "no context in scope: add a ctx parameter (exported: callers in other packages are not checked here)", nil
	}
	callers := s.usesOf(fn.Origin()).calls
	if len(callers) == 0 {
		return "no context in scope, and no caller in the package: add a ctx parameter", nil
	}
	var missing []string
	args := make([]string, len(callers))
	for i, c := range callers {
		switch {
		case contains(decl, c.call):
			args[i] = "ctx" // recursion: the new parameter
		default:
			args[i] = s.contextInScope(c.call.Pos())
		}
		if args[i] == "" && !slices.Contains(missing, c.fn) {
			missing = append(missing, c.fn)
		}
	}
	if len(missing) > 0 {
		return fmt.Sprintf("no context in scope: add a ctx parameter; callers without one yet: %s", strings.Join(missing, ", ")), nil
	}
	advice := "no context in scope, and every caller has one: add a ctx parameter and pass it"
	qual := qualifier(call)
	if site.Ordinal != 1 || qual == "" || declaresCtx(s.info, decl) {
		return advice, nil
	}
	var edits []analysis.TextEdit
	param := "ctx " + qual + ".Context"
	if params := decl.Type.Params; len(params.List) == 0 {
		edits = append(edits, analysis.TextEdit{Pos: params.Opening + 1, End: params.Opening + 1, NewText: []byte(param)})
	} else {
		edits = append(edits, analysis.TextEdit{Pos: params.List[0].Pos(), End: params.List[0].Pos(), NewText: []byte(param + ", ")})
	}
	edits = append(edits, analysis.TextEdit{Pos: call.Pos(), End: call.End(), NewText: []byte("ctx")})
	for i, c := range callers {
		text := args[i]
		if len(c.call.Args) > 0 {
			text += ", "
		}
		edits = append(edits, analysis.TextEdit{Pos: c.call.Lparen + 1, End: c.call.Lparen + 1, NewText: []byte(text)})
	}
	return advice, []analysis.SuggestedFix{{Message: "Add a ctx parameter to " + funcName(decl) + " and pass it from its callers", TextEdits: edits}}
}

func contains(outer, inner ast.Node) bool {
	return outer.Pos() <= inner.Pos() && inner.End() <= outer.End()
}

// qualifier is the name the file gives the context package, from the
// TODO call itself.
func qualifier(call *ast.CallExpr) string {
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if id, ok := sel.X.(*ast.Ident); ok {
			return id.Name
		}
	}
	return ""
}

// declaresCtx reports whether the name ctx is taken anywhere in decl.
func declaresCtx(info *types.Info, decl *ast.FuncDecl) bool {
	found := false
	ast.Inspect(decl, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == "ctx" {
			found = true
		}
		return !found
	})
	return found
}

// order compares nodes in the order a walk of the package meets them.
func (s *pkgState) order() func(x, y ast.Node) int {
	if s.walkOrder == nil {
		s.walkOrder = astwalk.Order(s.pass.Files)
	}
	return s.walkOrder
}

// funcUses is how the package uses one of its functions.
type funcUses struct {
	calls []caller // in walk order
	value bool     // used other than by a call
}

// usesOf returns how the package uses fn, one of its functions, found from
// the identifiers that refer to it.
func (s *pkgState) usesOf(fn *types.Func) *funcUses {
	if u, ok := s.uses[fn]; ok {
		return u
	}
	if s.idents == nil {
		s.idents = make(map[*types.Func][]*ast.Ident)
		s.uses = make(map[*types.Func]*funcUses)
		for id, obj := range s.info.Uses {
			if f, ok := obj.(*types.Func); ok && f.Pkg() == s.pass.Pkg {
				s.idents[f.Origin()] = append(s.idents[f.Origin()], id)
			}
		}
	}
	u := &funcUses{}
	for _, id := range s.idents[fn] {
		stack := astwalk.Enclosing(s.pass.Files, id)
		if stack == nil {
			continue
		}
		if i := funcname.CallIndex(id, stack); i >= 0 {
			name, _, _ := enclosing(stack[:i+1])
			u.calls = append(u.calls, caller{stack[i].(*ast.CallExpr), name})
		} else {
			u.value = true
		}
	}
	order := s.order()
	slices.SortFunc(u.calls, func(x, y caller) int { return order(x.call, y.call) })
	s.uses[fn] = u
	return u
}
