package logging

// A test with a monitored loop that asserts with testify's assert and
// require. Expected reports: none (assertions are local; t.Errorf and
// t.FailNow are not remote calls).

import (
	"testing"
	"time"

	"github.com/ctxlint/ctxlint/runtime/health"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMonitoredLoopAsserts(t *testing.T) {
	c := health.NewCatalog(health.WithPeriod(10 * time.Millisecond))
	defer c.Close()
	h := c.RegisterLiveness("test-asserts")
	defer h.Deregister()
	n := 0
	for deadline := range h.C {
		require.False(t, deadline.IsZero(), "a tick carries a deadline")
		assert.WithinDuration(t, time.Now(), deadline, time.Minute)
		assert.Equal(t, Stats{Checks: n}, Stats{Checks: n})
		if n++; n == 3 {
			break
		}
	}
}
