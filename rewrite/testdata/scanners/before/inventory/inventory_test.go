package inventory

import (
	"testing"

	"example.com/x/labels"
)

func TestNew(t *testing.T) {
	if len(New().scanners) != len(labels.Scanners()) {
		t.Fatal("scanners missing")
	}
}
