package rewrite

import (
	"errors"
	"strings"
	"testing"

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
