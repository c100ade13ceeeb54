package probe

import "testing"

// canned answers every lookup with out.
func canned(out string) func(string) ([]string, error) {
	return func(string) ([]string, error) { return []string{out}, nil }
}

func cannedNames(out ...string) func() ([]string, error) {
	return func() ([]string, error) { return out, nil }
}

func TestGather(t *testing.T) {
	p := &Probe{run: canned("192.0.2.1"), names: cannedNames("a", "b")}
	if n := p.gather(); n != 3 {
		t.Fatalf("gather: %d, want 3", n)
	}
}
