package labels

// fakeScanner stands in for a platform in tests.
type fakeScanner struct{ sets []*Set }

func (f *fakeScanner) Scan(out chan<- []*Set) error {
	out <- f.sets
	return nil
}

func (f *fakeScanner) Platform() string { return "fake" }

var _ Scanner = (*fakeScanner)(nil)
