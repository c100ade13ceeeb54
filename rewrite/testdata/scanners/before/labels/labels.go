// Package labels gathers the labels of workloads from several platforms,
// each through a Scanner made by a factory that its own file registers.
package labels

// Set is one workload's labels.
type Set struct {
	Workload string
	Labels   []string
}

// Scanner scans a platform and sends the label sets it finds.
type Scanner interface {
	Scan(chan<- []*Set) error
	Platform() string
}

var factories = map[string]func() Scanner{}

// Scanners makes one scanner of every registered platform.
func Scanners() []Scanner {
	var out []Scanner
	for _, f := range factories {
		out = append(out, f())
	}
	return out
}
