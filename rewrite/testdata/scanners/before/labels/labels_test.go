package labels

import "testing"

func TestFactories(t *testing.T) {
	if len(Scanners()) != len(factories) {
		t.Fatal("a factory made nothing")
	}
}
