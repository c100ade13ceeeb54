package apply

import (
	"maps"
	"testing"

	"github.com/dave/dst"
	"github.com/dave/dst/decorator"
	"github.com/dave/dst/dstutil"
)

// TestReplaceFits: a node is replaced only by one its slot can hold; a go
// statement's call or a selector's name takes no other expression.
func TestReplaceFits(t *testing.T) {
	f, err := decorator.Parse(`package a; func f() { go g(x.y) }`)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	dstutil.Apply(f, func(c *dstutil.Cursor) bool {
		switch n := c.Node().(type) {
		case *dst.CallExpr:
			got["go's call"] = fits(c, dst.NewIdent("ctx"))
		case *dst.SelectorExpr:
			got["argument"] = fits(c, dst.NewIdent("ctx"))
		case *dst.Ident:
			if n.Name == "y" {
				got["selected name"] = fits(c, &dst.CallExpr{Fun: dst.NewIdent("h")})
				got["selected name by a name"] = fits(c, dst.NewIdent("z"))
			}
		}
		return true
	}, nil)
	want := map[string]bool{"go's call": false, "argument": true, "selected name": false, "selected name by a name": true}
	if !maps.Equal(got, want) {
		t.Errorf("fits: %v, want %v", got, want)
	}
}
