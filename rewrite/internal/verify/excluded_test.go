package verify

import (
	"slices"
	"testing"

	"github.com/ctxlint/ctxlint/rewrite/internal/excluded"
)

// TestAddedKeepsOldArityErrors: a test that called a function with too
// few arguments before the rewrite still does after it, now with a
// context in both lists: not an error the rewrite added. A call the
// rewrite gave a context its callee does not take is one.
func TestAddedKeepsOldArityErrors(t *testing.T) {
	before := []excluded.BuildError{{File: "m_test.go", Text: "not enough arguments in call to s.gather\n\thave (*Acc, bool)\n\twant (Acc, bool, bool)"}}
	after := []excluded.BuildError{
		{File: "m_test.go", Text: "not enough arguments in call to s.gather\n\thave (context.Context, *Acc, bool)\n\twant (context.Context, Acc, bool, bool)"},
		{File: "m_test.go", Text: "too many arguments in call to p.run\n\thave (context.Context)\n\twant ()"},
	}
	got := added(after, before)
	if want := after[1:]; !slices.Equal(got, want) {
		t.Errorf("added = %q, want only the call of p.run: %q", got, want)
	}
}
