package todoctx

import "testing"

// SetVetProtocol makes the package believe, until the test ends, that the
// process does or does not run the go vet protocol.
func SetVetProtocol(t testing.TB, on bool) {
	old := vetProtocol
	vetProtocol = func() bool { return on }
	t.Cleanup(func() { vetProtocol = old })
}
