package store

import (
	"io"
	"net/http"
	"testing"

	"github.com/ctxlint/ctxlint/runtime/health"
)

// fakeConn serves the keys of a test server.
type fakeConn struct{ url string }

func (c fakeConn) Read(key string) ([]byte, error) {
	resp, err := http.Get(c.url + "/" + key)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}

func init() { dial = func() Conn { return fakeConn{"http://127.0.0.1:8500"} } }

func TestDial(t *testing.T) {
	if _, ok := dial().(fakeConn); !ok {
		t.Fatal("the fake is not in place")
	}
}

// pollFake is a loop of the tests' own: its calls may run the fake.
func pollFake(c *health.Catalog) {
	h := c.RegisterLiveness("store-test")
	conn := dial()
	for range h.C {
		conn.Read("current")
	}
}
