package labels

import "net/http"

func init() { factories["nomad"] = func() Scanner { return &NomadScanner{} } }

// NomadScanner reads the labels of the nomad API.
type NomadScanner struct{ url string }

// Scan sends what the nomad API lists.
func (s *NomadScanner) Scan(out chan<- []*Set) error {
	resp, err := http.Get(s.url + "/nomad")
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	out <- []*Set{{Workload: "nomad"}}
	return nil
}

// Platform names the platform.
func (s *NomadScanner) Platform() string { return "nomad" }
