package sc

import "testing"

// The test's own context is passed.
func TestResolve(t *testing.T) {
	if err := resolve("localhost"); err != nil {
		t.Skip(err)
	}
}
