package ctxprop

import (
	"fmt"
	"go/types"
	"slices"
	"strings"
)

// UnknownFuncs returns a message for each name in -ctxprop.register,
// -ctxprop.sinks and -ctxprop.nonblocking that matches no function of the
// packages lookup knows (a driver's loaded packages and their
// dependencies), so that a misspelt name does not silently do nothing.
func UnknownFuncs(lookup func(path string) *types.Package) []string {
	var out []string
	for _, f := range []struct{ flag, value string }{
		{"register", flags.register}, {"sinks", flags.sinks}, {"nonblocking", flags.nonblocking},
	} {
		names, err := parseFuncList(f.value)
		if err != nil {
			continue // refused when the flag was set
		}
		sorted := make([]string, 0, len(names))
		for name := range names {
			sorted = append(sorted, name)
		}
		slices.Sort(sorted)
		for _, name := range sorted {
			path := funcPkgPath(name)
			p := lookup(path)
			if p == nil {
				out = append(out, fmt.Sprintf("-ctxprop.%s: %s: no package %s among the loaded packages and their dependencies", f.flag, name, path))
			} else if !declares(p, name) {
				out = append(out, fmt.Sprintf("-ctxprop.%s: %s: package %s has no such function or method", f.flag, name, path))
			}
		}
	}
	return out
}

// declares reports whether p declares the function or method that name
// (types.Func.FullName's form) denotes.
func declares(p *types.Package, name string) bool {
	rest := strings.TrimPrefix(name, p.Path()+".")
	if strings.HasPrefix(name, "(") {
		recv, method, _ := strings.Cut(strings.TrimPrefix(name, "("), ").")
		ptr := strings.HasPrefix(recv, "*")
		typeName := strings.TrimPrefix(strings.TrimPrefix(recv, "*"), p.Path()+".")
		tn, ok := p.Scope().Lookup(typeName).(*types.TypeName)
		if !ok {
			return false
		}
		var t types.Type = tn.Type()
		if ptr {
			t = types.NewPointer(t)
		}
		obj, _, _ := types.LookupFieldOrMethod(t, true, p, method)
		_, isFunc := obj.(*types.Func)
		return isFunc
	}
	_, ok := p.Scope().Lookup(rest).(*types.Func)
	return ok
}
