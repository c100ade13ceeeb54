package rewrite

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/ctxlint/ctxlint/rewrite/internal/change"
	"golang.org/x/tools/go/packages"
)

// TestMigrateInternalError: a panic anywhere in the migration comes back
// as an error that says what was being done, not as a crash.
func TestMigrateInternalError(t *testing.T) {
	res, err := Migrate(func() ([]*packages.Package, error) {
		var pkgs []*packages.Package
		_ = pkgs[1] // a bug
		return pkgs, nil
	}, Options{})
	var ie *InternalError
	if res != nil || !errors.As(err, &ie) {
		t.Fatalf("Migrate = %v, %v; want an InternalError", res, err)
	}
	if ie.Stage != "loading the packages (pass 1)" || !strings.Contains(err.Error(), "index out of range") || !strings.Contains(err.Error(), "nothing was written") {
		t.Errorf("error %q (stage %q): want the stage, the panic and that nothing was written", err, ie.Stage)
	}
}

// TestAddAppliedOnce: a set two passes apply is counted once.
func TestAddAppliedOnce(t *testing.T) {
	var r Result
	r.addApplied([]*change.Set{{Name: "f"}, {Name: "sink at a.go:3:4"}})
	r.addApplied([]*change.Set{{Name: "sink at a.go:3:4"}, {Name: "g"}})
	var names []string
	for _, cs := range r.Applied {
		names = append(names, cs.Name)
	}
	if want := []string{"f", "sink at a.go:3:4", "g"}; !slices.Equal(names, want) {
		t.Errorf("applied %q, want %q", names, want)
	}
}
