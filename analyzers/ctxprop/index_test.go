package ctxprop

import (
	"go/ast"
	"go/types"
	"testing"

	"github.com/ctxlint/ctxlint/internal/astwalk"
	"github.com/ctxlint/ctxlint/internal/funcname"
)

// TestNotFuncValue: no identifier that names a function used as a value
// (in every position the source puts one) is ruled out by where it
// stands, and most others are, without a lookup.
func TestNotFuncValue(t *testing.T) {
	const src = `package p

import (
	"sort"
	"strings"
)

type T struct{ f func() }

func (T) M()          {}
func (t *T) P() func() { return t.M }

func g()                  {}
func less(i, j int) bool  { return i < j }
func G[X any](x X) X      { return x }

var table = map[string]func(){"g": g}
var list = []func(){g, T{}.M}
var typed func() = g

func use(xs []int, t T, p *T) (func(), error) {
	sort.Slice(xs, less)
	h := g
	ok := strings.ToUpper("x")[0:0]+"" == "" && g != nil && h != nil
	h = g
	_ = T{f: g}
	t.f = g
	fs := []any{g, t.M, p.P, (*T).P(p), (*T).P}
	var n [len("ab")]int
	n[0]++
	k := G[int]
	_ = any(g).(func())
	defer g()
	go G(1)
	for range 1 {
		continue
	}
	_, _, _, _ = fs, n, k, ok
	if h == nil {
		return g, nil
	}
	return t.P(), nil
}
`
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Defs: map[*ast.Ident]types.Object{}}
	_, fset, f := checkSource(t, src, info)
	values, ruledOut, idents := 0, 0, 0
	astwalk.WithStack([]*ast.File{f}, func(n ast.Node, stack []ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		idents++
		_, isFunc := info.Uses[id].(*types.Func)
		value := isFunc && !funcname.Called(id, stack)
		if value {
			values++
		}
		if notFuncValue(id, stack) {
			ruledOut++
			if value {
				t.Errorf("%s: %s is a function used as a value, but notFuncValue rules it out", fset.Position(id.Pos()), id.Name)
			}
		}
		return true
	})
	if values < 15 || ruledOut < idents/2 {
		t.Errorf("%d identifiers, %d functions used as values, %d ruled out: the source no longer tests both ways", idents, values, ruledOut)
	}
}
