package mid

import (
	"testing"

	"github.com/ctxlint/ctxlint/internal/wholeprog/testdata/chain/iface"
)

type fake struct{}

func (fake) Get() error { return nil }

// The test variant of mid compiles mid.go too: its dynamic call is read by
// both packages.
func TestCall(t *testing.T) {
	var g iface.Getter = fake{}
	if err := Call(g); err != nil {
		t.Fatal(err)
	}
}
