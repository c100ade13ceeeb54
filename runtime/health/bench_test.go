package health

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// BenchmarkProbe measures probe latency with 1,000 registered components,
// alone and while other goroutines register and deregister (lock contention).
func BenchmarkProbe(b *testing.B) {
	for _, churn := range []bool{false, true} {
		for _, target := range []string{"/live", "/ready?verbose"} {
			b.Run(fmt.Sprintf("components=1000/churn=%v%s", churn, target), func(b *testing.B) {
				benchProbe(b, target, churn)
			})
		}
	}
}

func benchProbe(b *testing.B, target string, churn bool) {
	c := NewCatalog(WithPeriod(time.Hour))
	defer c.Close()
	for i := range 1000 {
		c.RegisterLiveness(fmt.Sprintf("component-%04d", i))
	}
	h := c.Handler()
	stop := make(chan struct{})
	var wg sync.WaitGroup
	if churn {
		wg.Go(func() {
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				c.RegisterReadiness(fmt.Sprintf("churn-%d", i)).Deregister()
			}
		})
	}
	req := httptest.NewRequest("GET", target, nil)
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			w := httptest.NewRecorder()
			h.ServeHTTP(w, req)
			if w.Code != http.StatusOK && w.Code != http.StatusServiceUnavailable {
				b.Fatalf("code %d", w.Code)
			}
		}
	})
	b.StopTimer()
	close(stop)
	wg.Wait()
}
