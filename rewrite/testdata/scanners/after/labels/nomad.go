package labels

import (
	"context"
	"net/http"
)

func init() { factories["nomad"] = func() Scanner { return &NomadScanner{} } }

// NomadScanner reads the labels of the nomad API.
type NomadScanner struct{ url string }

// Scan sends what the nomad API lists.
func (s *NomadScanner) Scan(ctx context.Context, out chan<- []*Set) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.url+"/nomad", nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	out <- []*Set{{Workload: "nomad"}}
	return nil
}

// Platform names the platform.
func (s *NomadScanner) Platform() string { return "nomad" }
