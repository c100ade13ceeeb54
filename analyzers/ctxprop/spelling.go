package ctxprop

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/types/typeutil"
)

// Spelling: a component's name built at run time is shown with its
// unknown parts as <expr>, or as one name per value when the package only
// ever gives a part as constants.

// describeName renders a component name: the constant, or what the
// Sprintf or the concatenation building it makes, each part not a
// constant spelled <expr> (fmt.Sprintf("consul-kv-%s", name) and
// "consul-kv-" + name are both "consul-kv-<name>"), so names read alike
// however they are built; a format it cannot follow is shown as written.
// A part the package only ever gives as constants (constValues) makes one
// name per value: "metadata-gohai", "metadata-host".
func (a *pkgAnalysis) describeName(e ast.Expr) string {
	if e == nil {
		return "?"
	}
	if tv, ok := a.info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return strconv.Quote(constant.StringVal(tv.Value))
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		if fn, ok := typeutil.Callee(a.info, x).(*types.Func); ok && fn.FullName() == "fmt.Sprintf" && len(x.Args) > 0 {
			if tv, ok := a.info.Types[x.Args[0]]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
				format := constant.StringVal(tv.Value)
				if names, ok := a.spellFormat(format, x.Args[1:]); ok {
					return quoteAll(names)
				}
				return strconv.Quote(format)
			}
		}
	case *ast.BinaryExpr:
		if x.Op == token.ADD {
			return quoteAll(a.constParts(x))
		}
	}
	return types.ExprString(e)
}

// quoteAll quotes each name, in order, without repeats.
func quoteAll(names []string) string {
	slices.Sort(names)
	names = slices.Compact(names)
	for i, n := range names {
		names[i] = strconv.Quote(n)
	}
	return strings.Join(names, ", ")
}

// spellFormat is what fmt.Sprintf(format, args...) makes, each argument
// that is not a constant of a basic kind spelled <expr>: a value only the
// run knows, or one of a named type, which may format itself
// (time.Duration). It reports false for a format it cannot follow: an
// explicit argument index, a width or precision taken from an argument,
// or arguments that do not match the verbs.
func (a *pkgAnalysis) spellFormat(format string, args []ast.Expr) ([]string, bool) {
	out := []string{""}
	n := 0
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			out = appendAll(out, []string{format[i : i+1]})
			continue
		}
		j := i + 1
		for j < len(format) && strings.IndexByte("+-# 0123456789.", format[j]) >= 0 {
			j++
		}
		switch {
		case j == len(format) || format[j] == '[' || format[j] == '*':
			return nil, false
		case format[j] == '%':
			out = appendAll(out, []string{"%"})
		case n == len(args):
			return nil, false
		default:
			if v, ok := a.constArgs(args[n : n+1]); ok {
				out = appendAll(out, []string{fmt.Sprintf(format[i:j+1], v...)})
			} else if vals := a.constValues(args[n], 0); vals != nil && len(out)*len(vals) <= maxNames {
				parts := make([]string, len(vals))
				for k, v := range vals {
					parts[k] = fmt.Sprintf(format[i:j+1], v)
				}
				out = appendAll(out, parts)
			} else {
				out = appendAll(out, []string{"<" + types.ExprString(args[n]) + ">"})
			}
			n++
		}
		i = j
	}
	return out, n == len(args)
}

// appendAll appends each part to each prefix.
func appendAll(prefixes, parts []string) []string {
	if len(parts) == 1 {
		for i := range prefixes {
			prefixes[i] += parts[0]
		}
		return prefixes
	}
	out := make([]string, 0, len(prefixes)*len(parts))
	for _, p := range prefixes {
		for _, q := range parts {
			out = append(out, p+q)
		}
	}
	return out
}

// constArgs returns the values of arguments that are all constants (of
// a basic kind fmt formats alike at compile time and at run time).
func (a *pkgAnalysis) constArgs(args []ast.Expr) ([]any, bool) {
	out := make([]any, len(args))
	for i, arg := range args {
		tv, ok := a.info.Types[arg]
		if !ok || tv.Value == nil {
			return nil, false
		}
		if _, basic := types.Unalias(tv.Type).(*types.Basic); !basic {
			return nil, false // a named type may format itself (time.Duration)
		}
		switch v := tv.Value; v.Kind() {
		case constant.String:
			out[i] = constant.StringVal(v)
		case constant.Bool:
			out[i] = constant.BoolVal(v)
		case constant.Int:
			n, exact := constant.Int64Val(v)
			if !exact {
				return nil, false
			}
			out[i] = n
		default:
			return nil, false
		}
	}
	return out, true
}

// constParts spells a concatenation: its constant parts as they are, the
// others <expr>, or each value constValues knows.
func (a *pkgAnalysis) constParts(e ast.Expr) []string {
	if tv, ok := a.info.Types[e]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return []string{constant.StringVal(tv.Value)}
	}
	if b, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && b.Op == token.ADD {
		x, y := a.constParts(b.X), a.constParts(b.Y)
		if len(x)*len(y) > maxNames {
			y = []string{"<" + types.ExprString(b.Y) + ">"}
		}
		return appendAll(x, y)
	}
	if vals := a.constValues(e, 0); vals != nil {
		return slices.Clone(vals)
	}
	return []string{"<" + types.ExprString(e) + ">"}
}

// maxNames bounds how many names one registration is spelled as.
const maxNames = 8

// constValues returns the strings e may hold when the package shows each
// of them as a constant: a parameter of a function no other package can
// call, whose every call here passes one; the key of a range over a map
// literal (or the element of one over a slice literal) whose keys
// (elements) are constants; a local only ever set to them. Sorted, no
// repeats; nil when not known, or more than maxNames.
func (a *pkgAnalysis) constValues(e ast.Expr, depth int) []string {
	if depth > 4 {
		return nil
	}
	if tv, ok := a.info.Types[e]; ok && tv.Value != nil {
		if tv.Value.Kind() != constant.String {
			return nil
		}
		return []string{constant.StringVal(tv.Value)}
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := a.objOf(id).(*types.Var)
	if !ok || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
		return nil // a package variable: any package may set it
	}
	var values []ast.Expr
	if p, ok := a.params[v]; ok {
		if len(a.assigns[v]) > 0 || p.fn.Exported() || a.addrTaken[p.fn] || len(a.calls[p.fn]) == 0 {
			return nil // callers out of sight
		}
		for _, site := range a.calls[p.fn] {
			if p.i >= len(site.call.Args) || site.call.Ellipsis.IsValid() {
				return nil
			}
			values = append(values, site.call.Args[p.i])
		}
	} else if vals, ok := a.rangeLiteral(v); ok {
		if len(a.assigns[v]) > 0 {
			return nil // set again in the loop
		}
		values = vals
	} else {
		values = a.assigns[v]
	}
	if len(values) == 0 {
		return nil
	}
	var out []string
	for _, val := range values {
		vs := a.constValues(val, depth+1)
		if vs == nil {
			return nil
		}
		out = append(out, vs...)
	}
	slices.Sort(out)
	out = slices.Compact(out)
	if len(out) > maxNames {
		return nil
	}
	return out
}

// rangeLiteral returns, for v the key of a range over a map literal or
// the element of one over a slice or array literal, the literal's keys
// or elements.
func (a *pkgAnalysis) rangeLiteral(v *types.Var) ([]ast.Expr, bool) {
	decl := a.declAt(v.Pos())
	if decl == nil {
		return nil, false
	}
	var out []ast.Expr
	found := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		rs, ok := n.(*ast.RangeStmt)
		if found || !ok || rs.Tok != token.DEFINE {
			return !found
		}
		key, _ := rs.Key.(*ast.Ident)
		val, _ := rs.Value.(*ast.Ident)
		isKey := key != nil && a.info.Defs[key] == v
		if !isKey && (val == nil || a.info.Defs[val] != v) {
			return true
		}
		found = true
		lit, ok := ast.Unparen(rs.X).(*ast.CompositeLit)
		if !ok {
			return false
		}
		_, isMap := typeUnder(a.info.TypeOf(lit)).(*types.Map)
		if isKey && !isMap {
			return false // an index
		}
		for _, elt := range lit.Elts {
			kv, ok := elt.(*ast.KeyValueExpr)
			switch {
			case ok && isKey:
				out = append(out, kv.Key)
			case ok:
				out = append(out, kv.Value)
			default:
				out = append(out, elt)
			}
		}
		return false
	})
	return out, found && out != nil
}
