package todoctx

import (
	"go/token"
	"go/types"

	"github.com/ctxlint/ctxlint/internal/ctxtypes"
)

// contextInScope returns an expression for a context visible at pos: a
// variable of type context.Context (innermost first), else v.Context() on a
// variable whose type has that method (*http.Request, *cobra.Command,
// *testing.T). Package-level variables do not count: a context kept there
// is no better than a TODO.
func (s *pkgState) contextInScope(pos token.Pos) string {
	pkgScope := s.pass.Pkg.Scope()
	inner := pkgScope.Innermost(pos)
	var method string
	for sc := inner; sc != nil && sc != pkgScope && sc != types.Universe; sc = sc.Parent() {
		for _, name := range sc.Names() {
			v, ok := sc.Lookup(name).(*types.Var)
			if !ok || name == "_" {
				continue
			}
			if _, visible := inner.LookupParent(name, pos); visible != v {
				continue // declared after pos, or shadowed
			}
			if ctxtypes.IsContext(v.Type()) {
				return name
			}
			if method == "" && hasContextMethod(v.Type()) {
				method = name + ".Context()"
			}
		}
	}
	return method
}

// hasContextMethod reports whether t has a method Context() context.Context.
func hasContextMethod(t types.Type) bool {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "Context")
	fn, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Signature()
	return sig.Params().Len() == 0 && sig.Results().Len() == 1 && ctxtypes.IsContext(sig.Results().At(0).Type())
}
