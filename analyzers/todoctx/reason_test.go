package todoctx_test

import (
	"testing"
)

// TestReason: the reason is the comment after the call as written, except
// that a directive (//nolint:..., //ctxlint:...) is none, though the
// explanation after its own // is.
func TestReason(t *testing.T) {
	dir := t.TempDir()
	writeModule(t, dir, `package ratchet

import "context"

func A() { use(context.TODO()) } // see https://github.com/ctxlint/ctxlint/issues/1

func B() { use(context.TODO()) } // want a deadline from the API first

func C() { use(context.TODO()) } // nolint would hide it; the API takes none

func D() { use(context.TODO()) } //nolint:todoctx // the API takes no context

func E() { use(context.TODO()) } //ctxlint:ignore todoctx

func F() { use(context.TODO()) /* not this */ } // but this: a // inside

func G() { use(context.TODO()) }

func use(context.Context) {}
`)
	want := map[string]string{
		"A": "see https://github.com/ctxlint/ctxlint/issues/1",
		"B": "want a deadline from the API first",
		"C": "nolint would hide it; the API takes none",
		"D": "the API takes no context",
		"E": "",
		"F": "but this: a // inside",
		"G": "",
	}
	_, sites := analyze(t, dir)
	if len(sites) != len(want) {
		t.Fatalf("%d sites, want %d", len(sites), len(want))
	}
	for _, s := range sites {
		if s.Reason != want[s.Func] {
			t.Errorf("%s: reason %q, want %q", s.Func, s.Reason, want[s.Func])
		}
	}
}
