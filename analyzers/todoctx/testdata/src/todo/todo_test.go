package todo

import (
	"context"
	"testing"
)

func TestSync(t *testing.T) {
	dialer.DialContext(context.TODO(), "tcp", "x") // want `context.TODO\(\) in TestSync \(in-scope\): a context is in scope: use t.Context\(\)`
}
