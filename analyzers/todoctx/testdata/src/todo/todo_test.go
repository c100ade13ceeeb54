package todo

import (
	"context"
	"testing"
)

func TestSync(t *testing.T) {
	// want +1 `context.TODO\(\) in TestSync \(in-scope\): a context is in scope: use t.Context\(\)`
	dialer.DialContext(context.TODO(), "tcp", "x")
}
