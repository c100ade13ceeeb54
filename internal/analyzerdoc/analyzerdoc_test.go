package analyzerdoc

import "testing"

const docGo = `// Package x does things.
//
// # Analyzer one
//
// one: find the first thing
//
// It looks hard.
//
// # Where
//
// Everywhere.
//
// # Analyzer two
//
// two: find the second
package x
`

func TestExtract(t *testing.T) {
	got, err := Extract(docGo, "one")
	if want := "find the first thing\n\nIt looks hard.\n\n# Where\n\nEverywhere."; err != nil || got != want {
		t.Errorf("Extract(one) = %q, %v; want %q", got, err, want)
	}
	if got, err := Extract(docGo, "two"); err != nil || got != "find the second" {
		t.Errorf("Extract(two) = %q, %v", got, err)
	}
	for _, name := range []string{"three", "Analyzer"} {
		if _, err := Extract(docGo, name); err == nil {
			t.Errorf("Extract(%s) succeeded", name)
		}
	}
	if _, err := Extract("package x\n", "one"); err == nil {
		t.Error("Extract without a doc comment succeeded")
	}
}
